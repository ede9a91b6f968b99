import { useId, type ButtonHTMLAttributes, type CSSProperties, type ReactNode } from 'react';
import { Link } from './Link.tsx';

/**
 * The few controls of the app's shell, which every public page loads before its first paint: the top
 * bar's call to action and menu button, and the error notices. They are Mantine's Button, Burger, Alert
 * and Group as Mantine 8.3 renders them (same elements, classes and CSS variables), styled by Mantine's
 * own stylesheets (styles/mantine.ts), but without Mantine's JavaScript: those components and the
 * styles engine under them are about 13 KB gz that `/live` and `/results` would load for nothing else.
 * Screens and dialogs use Mantine's components as everywhere else. The class names are Mantine's
 * CSS-module classes; ShellControls.test.ts holds them to Mantine's stylesheets.
 */
export const MANTINE_CLASSES = {
  unstyledButton: 'm_87cf2631 mantine-UnstyledButton-root',
  button: 'm_77c9d27d mantine-Button-root',
  buttonInner: 'm_80f1301b mantine-Button-inner',
  buttonLabel: 'm_811560b9 mantine-Button-label',
  burger: 'm_fea6bf1a mantine-Burger-root',
  burgerLines: 'm_d4fb9cad mantine-Burger-burger',
  alert: 'm_66836ed3 mantine-Alert-root',
  alertWrapper: 'm_a5d60502 mantine-Alert-wrapper',
  alertBody: 'm_667c2793 mantine-Alert-body',
  alertTitle: 'm_6a03f287 mantine-Alert-title',
  alertLabel: 'm_698f4f23 mantine-Alert-label',
  alertMessage: 'm_7fa78076 mantine-Alert-message',
  group: 'm_4081bf90 mantine-Group-root',
} as const;

/** Mantine's focus ring on keyboard focus only, and its 1 px press. */
const FOCUS = 'mantine-focus-auto';
const PRESS = 'mantine-active';
const HAIRLINE = 'calc(0.0625rem * var(--mantine-scale))';

/**
 * How a button looks, as Mantine's Button variants: `primary` (filled in the competition's colour),
 * `danger` (filled red: `color="red" variant="filled"`) and `default` (white with a grey border).
 */
export type ButtonLook = 'primary' | 'danger' | 'default';

const LOOKS: Record<ButtonLook, { variant?: string; vars: Record<string, string> }> = {
  // The label colour Mantine's autoContrast picks for the primary colour (theme.ts turns it on).
  primary: { vars: { '--button-color': 'var(--mantine-primary-color-contrast)' } },
  danger: {
    variant: 'filled',
    vars: {
      '--button-bg': 'var(--mantine-color-red-filled)',
      '--button-hover': 'var(--mantine-color-red-filled-hover)',
      // autoContrast on Mantine's red (shade 6, lighter than the theme's luminance threshold).
      '--button-color': 'var(--mantine-color-black)',
      '--button-bd': `${HAIRLINE} solid transparent`,
    },
  },
  default: {
    variant: 'default',
    vars: {
      '--button-bg': 'var(--mantine-color-default)',
      '--button-hover': 'var(--mantine-color-default-hover)',
      '--button-color': 'var(--mantine-color-default-color)',
      '--button-bd': `${HAIRLINE} solid var(--mantine-color-default-border)`,
    },
  },
};

interface LookProps {
  look?: ButtonLook;
  /** Mantine's radius name (`xl`); the theme's default radius otherwise. */
  radius?: 'xl';
  className?: string;
  children: ReactNode;
}

function buttonAttributes({ look = 'primary', radius, className }: Omit<LookProps, 'children'>) {
  const { variant, vars } = LOOKS[look];
  const style = { ...(radius ? { '--button-radius': `var(--mantine-radius-${radius})` } : {}), ...vars };
  return {
    className: [FOCUS, PRESS, className, MANTINE_CLASSES.button, MANTINE_CLASSES.unstyledButton]
      .filter(Boolean)
      .join(' '),
    'data-variant': variant,
    style: style as CSSProperties,
  };
}

function ButtonLabel({ children }: { children: ReactNode }) {
  return (
    <span className={MANTINE_CLASSES.buttonInner}>
      <span className={MANTINE_CLASSES.buttonLabel}>{children}</span>
    </span>
  );
}

/** A button that looks like Mantine's Button. */
export function ShellButton({
  look,
  radius,
  className,
  children,
  ...rest
}: LookProps & Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'className' | 'children' | 'style'>) {
  return (
    <button type="button" {...rest} {...buttonAttributes({ look, radius, className })}>
      <ButtonLabel>{children}</ButtonLabel>
    </button>
  );
}

/** A link (components/Link.tsx) that looks like Mantine's Button. */
export function ShellButtonLink({
  look,
  radius,
  className,
  children,
  ...link
}: LookProps & Omit<Parameters<typeof Link>[0], 'className' | 'children' | 'style'>) {
  return (
    <Link {...link} {...buttonAttributes({ look, radius, className })}>
      <ButtonLabel>{children}</ButtonLabel>
    </Link>
  );
}

/** The menu button's three lines, a cross when `opened` (Mantine's Burger). */
export function MenuBurger({
  opened,
  color,
  className,
  ...rest
}: {
  opened: boolean;
  /** A CSS colour for the lines. */
  color: string;
  className?: string;
} & Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'className' | 'color' | 'style' | 'children'>) {
  return (
    <button
      type="button"
      {...rest}
      className={[FOCUS, className, MANTINE_CLASSES.burger, MANTINE_CLASSES.unstyledButton].join(' ')}
      style={{ '--burger-color': color } as CSSProperties}
    >
      <div
        className={MANTINE_CLASSES.burgerLines}
        data-reduce-motion="true"
        data-opened={opened || undefined}
      />
    </button>
  );
}

/** A red notice with a title, announced to screen readers (Mantine's Alert, `color="red"`, light). */
export function ErrorAlert({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <div
      className={MANTINE_CLASSES.alert}
      data-variant="light"
      id={id}
      role="alert"
      aria-describedby={`${id}-body`}
      aria-labelledby={`${id}-title`}
      style={
        {
          '--alert-bg': 'var(--mantine-color-red-light)',
          '--alert-color': 'var(--mantine-color-red-light-color)',
          '--alert-bd': `${HAIRLINE} solid transparent`,
        } as CSSProperties
      }
    >
      <div className={MANTINE_CLASSES.alertWrapper}>
        <div className={MANTINE_CLASSES.alertBody}>
          <div className={MANTINE_CLASSES.alertTitle}>
            <span id={`${id}-title`} className={MANTINE_CLASSES.alertLabel}>
              {title}
            </span>
          </div>
          <div id={`${id}-body`} className={MANTINE_CLASSES.alertMessage} data-variant="light">
            {children}
          </div>
        </div>
      </div>
    </div>
  );
}

/** A row of buttons that wraps (Mantine's Group with its defaults). */
export function ButtonRow({ children }: { children: ReactNode }) {
  return (
    <div
      className={MANTINE_CLASSES.group}
      style={
        {
          '--group-gap': 'var(--mantine-spacing-md)',
          '--group-align': 'center',
          '--group-justify': 'flex-start',
          '--group-wrap': 'wrap',
        } as CSSProperties
      }
    >
      {children}
    </div>
  );
}
