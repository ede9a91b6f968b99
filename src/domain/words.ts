/**
 * Words shared by every screen, sheet and server message: a count with its noun ("1 couple",
 * "7 couples"), so no list ever says "1 couples".
 */

/** "1 couple", "7 couples", "0 couples"; `plural` for nouns that do not take an s ("2 heats" do). */
export function counted(n: number, singular: string, plural = `${singular}s`): string {
  return `${n} ${n === 1 ? singular : plural}`;
}
