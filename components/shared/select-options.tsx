type Choices = Readonly<Record<string, string>> | ReadonlyArray<readonly [value: string, words: string]>;

/**
 * A select's choices, in their order: from a record of value → words (`<SelectOptions choices={copy.roles} />`) or
 * from pairs made from rows (`choices={lots.map((lot) => [lot.id, lot.lot])}`). A `prompt` comes first as a choice
 * that cannot be chosen, so a required select starts empty and says what it asks for.
 */
export function SelectOptions({ choices, prompt }: { choices: Choices; prompt?: string }) {
  const pairs = Array.isArray(choices) ? choices : Object.entries(choices);
  return (
    <>
      {prompt === undefined ? null : (
        <option value="" disabled>
          {prompt}
        </option>
      )}
      {pairs.map(([value, words]) => (
        <option key={value} value={value}>
          {words}
        </option>
      ))}
    </>
  );
}
