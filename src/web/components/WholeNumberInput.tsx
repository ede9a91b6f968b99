import { NumberInput, type NumberInputProps } from '@mantine/core';

/** A count, an index or seconds: a whole number that is never negative, so '.' and '-' cannot be typed. */
export function WholeNumberInput(props: Omit<NumberInputProps, 'allowDecimal' | 'allowNegative'>) {
  return <NumberInput allowDecimal={false} allowNegative={false} {...props} />;
}
