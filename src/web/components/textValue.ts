/**
 * Binds a text field to a string held in state: spread it on a TextInput, a Textarea or a plain
 * `<input>` (`{...textValue(name, setName)}`), so every field reads what it shows the same way.
 */
export function textValue(value: string, setValue: (value: string) => void) {
  return {
    value,
    onChange: (e: { currentTarget: { value: string } }) => setValue(e.currentTarget.value),
  };
}
