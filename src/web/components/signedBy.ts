/**
 * Who signed a record, as the audit trail names them, for staff screens (kept out of the shared
 * format module so the public pages do not carry it).
 */
/** "official:8:Chairman:Charles Whitmore" → "Charles Whitmore (Chairman)"; "user:1:a@b.c" → "a@b.c". */
export function signedBy(label: string | null | undefined): string {
  if (!label) return '';
  const parts = label.split(':');
  if (parts[0] === 'official' && parts.length >= 4) return `${parts.slice(3).join(':')} (${parts[2]})`;
  if (parts[0] === 'user' && parts.length >= 3) return parts.slice(2).join(':');
  return label;
}
