// Route screen: the shared ClassificationListPage with the tags configuration.
import { ClassificationListPage } from "./ClassificationListPage";
import { TAGS_CONFIG } from "./classification";

export default function TagsPage() {
  return <ClassificationListPage config={TAGS_CONFIG} />;
}
