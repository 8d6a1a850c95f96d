// Route screen: the classification screen shared with tags (features/tags), with the phases configuration.
import { ClassificationItemPage } from "../tags/ClassificationItemPage";
import { PHASES_CONFIG } from "../tags/classification";

export default function PhasePage() {
  return <ClassificationItemPage config={PHASES_CONFIG} />;
}
