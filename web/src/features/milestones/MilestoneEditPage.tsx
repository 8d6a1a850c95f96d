// /dashboard/milestone/:milestoneId (and "new"): the event form for a milestone: 0 days, white by default,
// contractual / tracked / hidden flags, parents and children; a successful save returns to the milestones.
import { useParams } from "react-router-dom";
import { EventEditor } from "../events/EventEditor";

export default function MilestoneEditPage() {
  const { milestoneId } = useParams();
  return <EventEditor kind="milestone" param={milestoneId} />;
}
