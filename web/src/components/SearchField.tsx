import { SearchBox, makeStyles } from "@fluentui/react-components";
import { TEXT_MAX_LENGTH } from "@jalon/shared";

const useStyles = makeStyles({
  search: { minWidth: "260px", flexGrow: 1, maxWidth: "420px" },
});

/** The search box above a list: its label is also its placeholder; text at most TEXT_MAX_LENGTH long. */
export function SearchField({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
}) {
  const styles = useStyles();
  return (
    <SearchBox
      className={styles.search}
      placeholder={label}
      aria-label={label}
      value={value}
      maxLength={TEXT_MAX_LENGTH}
      onChange={(_, d) => onChange(d.value)}
    />
  );
}
