/** The grid's side of a canvas marker: the same glyph in the same colour, named in text for screen readers. */
export function PlanningMark({
  label,
  color,
  glyph,
  testId,
}: {
  label: string;
  color: string;
  glyph: string;
  testId: string;
}) {
  return (
    <span
      role="img"
      aria-label={label}
      title={label}
      data-testid={testId}
      style={{ color, fontWeight: 700, marginRight: 4 }}
    >
      {glyph}
    </span>
  );
}
