// Route screen: the classification screen shared with tags (features/tags), with the phases configuration.
import { ClassificationCategoriesPage } from "../tags/ClassificationCategoriesPage";
import { PHASES_CONFIG } from "../tags/classification";

export default function PhaseCategoriesPage() {
  return <ClassificationCategoriesPage config={PHASES_CONFIG} />;
}
