/** A select's choices from a record of value → words, in the record's order: `<SelectOptions choices={copy.roles} />`. */
export function SelectOptions({ choices }: { choices: Readonly<Record<string, string>> }) {
  return (
    <>
      {Object.entries(choices).map(([value, words]) => (
        <option key={value} value={value}>
          {words}
        </option>
      ))}
    </>
  );
}
