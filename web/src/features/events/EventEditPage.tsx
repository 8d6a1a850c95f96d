// /dashboard/event/:eventId (and "new"): the task form; a successful save returns to /dashboard/events.
import { useParams } from "react-router-dom";
import { EventEditor } from "./EventEditor";

export default function EventEditPage() {
  const { eventId } = useParams();
  return <EventEditor kind="task" param={eventId} />;
}
