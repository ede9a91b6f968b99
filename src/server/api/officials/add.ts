import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { OfficialCreate } from '../../../domain/schemas/officials.ts';
import { generateCode } from '../../../domain/codes.ts';
import { hashSecret } from '../../auth/passwords.ts';
import { audit } from '../../audit.ts';

/** Judge letters A…Z, then AA, AB… for very large panels. */
export function judgeLetter(n: number): string {
  const A = 'A'.charCodeAt(0);
  return n < 26
    ? String.fromCharCode(A + n)
    : String.fromCharCode(A + Math.floor(n / 26) - 1) + String.fromCharCode(A + (n % 26));
}

/** Adds an official with a fresh access code; the code is returned this once and only its hash is kept. */
export async function addOfficial(
  trx: Transaction<Database>,
  competitionId: number,
  body: OfficialCreate,
  actor: string,
) {
  const accessCode = generateCode();
  const existing = await trx
    .selectFrom('officials')
    .select(['role', 'letter', 'sort_order'])
    .where('competition_id', '=', competitionId)
    .execute();
  const judges = existing.filter((o) => o.role === 'Judge').length;
  const letter = body.role === 'Judge' ? judgeLetter(judges) : '';
  const row = await trx
    .insertInto('officials')
    .values({
      competition_id: competitionId,
      name: body.name,
      role: body.role,
      bio: body.bio,
      photo_url: body.photoURL,
      letter,
      access_code_hash: await hashSecret(accessCode),
      sort_order: existing.length,
      version: 1,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await audit(trx, {
    competitionId,
    actor,
    action: 'official.create',
    entity: 'official',
    entityId: row.id,
    after: { ...body, letter },
  });
  return {
    id: row.id,
    name: body.name,
    role: body.role,
    bio: body.bio,
    photoURL: body.photoURL,
    letter,
    accessCode,
  };
}
