import type { SampleUser } from './types.ts';

/** Everyone here lists things and also rents from the others. */
export const SAMPLE_USERS: SampleUser[] = [
  { key: 'amelia-hughes', name: 'Amelia Hughes', email: 'amelia.hughes@example.com', joinedDaysAgo: 820 },
  { key: 'oliver-bennett', name: 'Oliver Bennett', email: 'oliver.bennett@example.com', joinedDaysAgo: 640 },
  { key: 'priya-shah', name: 'Priya Shah', email: 'priya.shah@example.com', joinedDaysAgo: 510 },
  { key: 'tom-gallagher', name: 'Tom Gallagher', email: 'tom.gallagher@example.com', joinedDaysAgo: 455 },
  { key: 'fiona-mackenzie', name: 'Fiona Mackenzie', email: 'fiona.mackenzie@example.com', joinedDaysAgo: 730 },
  { key: 'gareth-price', name: 'Gareth Price', email: 'gareth.price@example.com', joinedDaysAgo: 600 },
  { key: 'siobhan-oneill', name: "Siobhan O'Neill", email: 'siobhan.oneill@example.com', joinedDaysAgo: 420 },
  { key: 'david-okafor', name: 'David Okafor', email: 'david.okafor@example.com', joinedDaysAgo: 390 },
  { key: 'hannah-whitfield', name: 'Hannah Whitfield', email: 'hannah.whitfield@example.com', joinedDaysAgo: 560 },
  { key: 'jamal-hussain', name: 'Jamal Hussain', email: 'jamal.hussain@example.com', joinedDaysAgo: 300 },
  { key: 'rosie-clarke', name: 'Rosie Clarke', email: 'rosie.clarke@example.com', joinedDaysAgo: 140 },
  { key: 'callum-fraser', name: 'Callum Fraser', email: 'callum.fraser@example.com', joinedDaysAgo: 480 },
  { key: 'megan-lloyd', name: 'Megan Lloyd', email: 'megan.lloyd@example.com', joinedDaysAgo: 350 },
  { key: 'ben-ashworth', name: 'Ben Ashworth', email: 'ben.ashworth@example.com', joinedDaysAgo: 21 },
];
