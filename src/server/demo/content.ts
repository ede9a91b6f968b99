/** Text of the demo competition: a believable collegiate event, fictional people. */

export const DEMO_PAGES = {
  details: `## Schedule at a glance

| Day | What |
|---|---|
| Saturday | Check-in opens 8:00. Newcomer and Bronze events from 9:00, Silver and Gold after lunch |
| Sunday | Open and Championship events from 9:30, awards at 17:00 |

* Every couple dances with a **competitor number** pinned on the lead's back. Pick up your number at check-in.
* Heats are posted on the **Live** page and called by the deck captain ten minutes ahead.
* Results are published on this site as soon as the scrutineer posts them.

### Fees
Fees are per dancer and depend on when you register: early, regular or late. Pay at check-in by card or cash;
university teams may pay in one sum.
`,
  rules: `## Rules of the competition

1. Events are run under the **Skating System**. Recalls in earlier rounds; places in the final.
2. **Syllabus events** (Newcomer to Gold): figures from the level's syllabus only. Lifts are not allowed.
3. **Open events** (Novice, Prechamp, Championship): open choreography; lifts are not allowed.
4. A dancer who has placed out of a level in a style may not enter that style at that level or below.
   Placing out: 1st–3rd in a final of six or more couples, twice in the past year.
5. The same couple may enter one event only once.
6. Dress code: practice wear for Newcomer and Bronze; no rhinestones below Silver.
7. The chairman of judges decides any question about the rules on the day; the decision is final.
`,
  venue: `## Hollis Field House

**Riverside University**, 1200 College Avenue, Riverside

* Sprung wooden floor, 30 × 18 m, with spectator seating on three sides.
* Changing rooms in the basement (lockers: bring a padlock).
* Parking in Lot C, free on weekends. The Route 9 bus stops at the main gate.
* Food: the Commons café is open 8:00–18:00 both days; water fountains in the lobby.
`,
  contact: `## Contact the organizers

* General questions: **ballroom@riverside.example.edu**
* Registration and fees: **registration@riverside.example.edu**
* On the day, ask at the registration desk in the lobby.

We answer within two days during the registration period.
`,
  about: `## About the Riverside Classic

The Riverside Collegiate DanceSport Classic has been run by students of the **Riverside University Ballroom
Team** since 2009. It is one of the largest collegiate competitions of the autumn season, with couples from
more than thirty university teams.

Everyone is welcome to watch; entry for spectators is free.
`,
};

export const DEMO_TEAMS = [
  'Riverside University Ballroom',
  'Cornell Ballroom',
  'MIT Ballroom Dance Club',
  'Penn Ballroom',
  'Columbia Ballroom',
  'Harvard Ballroom',
  'Yale Ballroom',
  'Princeton Ballroom',
  'Boston University Ballroom',
  'Tufts Ballroom',
  'Rutgers Ballroom',
] as const;

export const FIRST_NAMES_LEADS = [
  'Aaron',
  'Ben',
  'Carlos',
  'Daniel',
  'Ethan',
  'Felix',
  'Gabriel',
  'Henry',
  'Isaac',
  'Jonah',
  'Kevin',
  'Liam',
  'Marco',
  'Nathan',
  'Oscar',
  'Paul',
  'Quentin',
  'Rafael',
  'Samuel',
  'Theo',
  'Umar',
  'Victor',
  'William',
  'Xavier',
  'Yusuf',
  'Zach',
  'Adrian',
  'Brandon',
  'Caleb',
  'Dmitri',
  'Elliot',
  'Frank',
  'George',
  'Hugo',
  'Ivan',
  'Jason',
  'Kenji',
  'Leo',
  'Mateo',
  'Noah',
  'Owen',
  'Peter',
  'Ryan',
  'Simon',
];
export const FIRST_NAMES_FOLLOWS = [
  'Alice',
  'Bella',
  'Chloe',
  'Diana',
  'Emma',
  'Fiona',
  'Grace',
  'Hannah',
  'Iris',
  'Julia',
  'Katie',
  'Lucy',
  'Maya',
  'Nina',
  'Olivia',
  'Priya',
  'Quinn',
  'Rosa',
  'Sofia',
  'Tara',
  'Uma',
  'Vera',
  'Wendy',
  'Ximena',
  'Yara',
  'Zoe',
  'Anya',
  'Beatrice',
  'Clara',
  'Daria',
  'Elena',
  'Freya',
  'Gemma',
  'Helen',
  'Ines',
  'Jade',
  'Kira',
  'Lena',
  'Mila',
  'Nora',
  'Olga',
  'Paula',
  'Rita',
  'Sara',
];
export const LAST_NAMES = [
  'Anderson',
  'Brooks',
  'Chen',
  'Dubois',
  'Evans',
  'Fischer',
  'Garcia',
  'Hughes',
  'Ivanova',
  'Jensen',
  'Kim',
  'Lopez',
  'Martin',
  'Nakamura',
  'Okafor',
  'Patel',
  'Quinn',
  'Rossi',
  'Schmidt',
  'Tanaka',
  'Ueda',
  'Varga',
  'Wong',
  'Xu',
  'Yilmaz',
  'Zhang',
  'Novak',
  'Silva',
  'Kowalski',
  'Murphy',
  'Haddad',
  'Lindqvist',
  'Moreau',
  'Petrov',
  'Reyes',
  'Sato',
  'Torres',
  'Weber',
  'Ahmed',
  'Bauer',
  'Costa',
  'Dalton',
  'Ellis',
  'Foster',
];

export const DEMO_OFFICIALS = [
  { name: 'Margaret Ellison', role: 'Judge', bio: 'Former US Standard finalist; adjudicator since 2004.' },
  { name: 'Roberto Alvarez', role: 'Judge', bio: 'Latin coach and WDC-licensed adjudicator.' },
  { name: 'Hye-jin Park', role: 'Judge', bio: 'Smooth and Rhythm professional, studio owner.' },
  { name: 'Thomas Becker', role: 'Judge', bio: 'Ten-dance competitor and collegiate team coach.' },
  { name: 'Ana Lucia Ferreira', role: 'Judge', bio: 'Nightclub and Latin specialist.' },
  { name: 'Daniel Osei', role: 'Deck Captain', bio: '' },
  {
    name: 'Ruth Goldberg',
    role: 'Scrutineer',
    bio: 'Scrutineer at collegiate competitions for fifteen years.',
  },
  { name: 'Charles Whitmore', role: 'Chairman', bio: 'Chairman of judges, retired Standard champion.' },
  { name: 'Jamie Lin', role: 'MC', bio: 'The voice of the Riverside Classic since 2015.' },
] as const;

export const DEMO_ORGANIZERS = [
  {
    name: 'Priya Raman',
    role: 'Competition director',
    email: 'ballroom@riverside.example.edu',
    bio: 'Senior, Riverside Ballroom team captain.',
  },
  { name: 'Lukas Schneider', role: 'Registration', email: 'registration@riverside.example.edu', bio: '' },
  { name: 'Dr. Helen Ward', role: 'Faculty advisor', email: '', bio: 'Professor of Kinesiology.' },
];
