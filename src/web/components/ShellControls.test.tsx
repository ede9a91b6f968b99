// @vitest-environment jsdom
import '../test/setup.ts';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ErrorAlert, MANTINE_CLASSES, MenuBurger } from './ShellControls.tsx';

/** The Mantine stylesheets the public path loads (styles/mantine.ts), each component's own. */
const MANTINE_STYLES = join(dirname(createRequire(import.meta.url).resolve('@mantine/core')), '..', 'styles');
const STYLESHEET: Record<keyof typeof MANTINE_CLASSES, string> = {
  unstyledButton: 'UnstyledButton',
  button: 'Button',
  buttonInner: 'Button',
  buttonLabel: 'Button',
  burger: 'Burger',
  burgerLines: 'Burger',
  alert: 'Alert',
  alertWrapper: 'Alert',
  alertBody: 'Alert',
  alertTitle: 'Alert',
  alertLabel: 'Alert',
  alertMessage: 'Alert',
  group: 'Group',
};

describe('shell controls', () => {
  it.each(Object.entries(STYLESHEET))(
    "draw %s with a class Mantine's %s stylesheet styles",
    (part, sheet) => {
      const css = readFileSync(join(MANTINE_STYLES, `${sheet}.layer.css`), 'utf8');
      const moduleClass = MANTINE_CLASSES[part as keyof typeof MANTINE_CLASSES].split(' ')[0]!;
      expect(css).toContain(`.${moduleClass}`);
    },
  );

  it('load only stylesheets the public path imports', () => {
    const imported = readFileSync(join(import.meta.dirname, '..', 'styles', 'mantine.ts'), 'utf8');
    for (const sheet of new Set(Object.values(STYLESHEET)))
      expect(imported).toContain(`@mantine/core/styles/${sheet}.layer.css`);
  });

  it('name the alert by its title and describe it by its message', () => {
    render(
      <ErrorAlert title="Could not load this page">
        <p>Check your connection.</p>
      </ErrorAlert>,
    );
    const alert = screen.getByRole('alert', { name: 'Could not load this page' });
    expect(alert).toHaveAccessibleDescription('Check your connection.');
  });

  it('mark the menu lines opened only while the menu is open', () => {
    const { container, rerender } = render(
      <MenuBurger opened={false} color="white" aria-label="Open menu" />,
    );
    const lines = () => container.querySelector('[data-reduce-motion]');
    expect(lines()).not.toHaveAttribute('data-opened');
    rerender(<MenuBurger opened color="white" aria-label="Close menu" />);
    expect(lines()).toHaveAttribute('data-opened', 'true');
  });
});
