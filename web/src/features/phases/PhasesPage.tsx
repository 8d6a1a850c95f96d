// Route screen: the classification screen shared with tags (features/tags), with the phases configuration.
import { ClassificationListPage } from "../tags/ClassificationListPage";
import { PHASES_CONFIG } from "../tags/classification";

export default function PhasesPage() {
  return <ClassificationListPage config={PHASES_CONFIG} />;
}
