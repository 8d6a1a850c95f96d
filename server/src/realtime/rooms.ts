/** Socket.IO room names. Every signed-in socket is in its user's room, so that access can end by user. */
export const roomOf = (projectId: number) => `project:${projectId}`;
/** Public viewers of a project are also in this room, so that their right to watch is checked per event. */
export const publicRoomOf = (projectId: number) => `public:${projectId}`;
export const userRoomOf = (userId: number) => `user:${userId}`;

/** The project of a `project:<id>` room, or null for any other room. */
export function projectOfRoom(room: string): number | null {
  const m = /^project:(\d+)$/.exec(room);
  return m ? Number(m[1]) : null;
}
