// Route screen: the shared ClassificationItemPage with the tags configuration.
import { ClassificationItemPage } from "./ClassificationItemPage";
import { TAGS_CONFIG } from "./classification";

export default function TagPage() {
  return <ClassificationItemPage config={TAGS_CONFIG} />;
}
