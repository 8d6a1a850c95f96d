// Route screen: the shared ClassificationCategoriesPage with the tags configuration.
import { ClassificationCategoriesPage } from "./ClassificationCategoriesPage";
import { TAGS_CONFIG } from "./classification";

export default function TagCategoriesPage() {
  return <ClassificationCategoriesPage config={TAGS_CONFIG} />;
}
