import { Avatar } from '@mantine/core';
import { isOwnImage } from '../../domain/images.ts';

export interface Person {
  id: number | string;
  name: string;
  role?: string;
  email?: string;
  bio?: string;
  photoURL?: string;
}

function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join('');
}

/** Organizers or officials: photo (or initials), name, role, email and, where asked, the bio. */
export function PeopleList({ people, withBio = false }: { people: Person[]; withBio?: boolean }) {
  return (
    <ul className="people">
      {people.map((p) => (
        <li key={p.id} className="person">
          <Avatar
            src={isOwnImage(p.photoURL) ? p.photoURL : null}
            alt=""
            size={withBio ? 64 : 48}
            radius="xl"
            color="brand"
          >
            {initials(p.name)}
          </Avatar>
          <div>
            <div className="person-name">{p.name}</div>
            {p.role && <div className="person-role">{p.role}</div>}
            {p.email && (
              <a href={`mailto:${p.email}`} className="person-email">
                {p.email}
              </a>
            )}
            {withBio && p.bio && <p className="person-bio">{p.bio}</p>}
          </div>
        </li>
      ))}
    </ul>
  );
}
