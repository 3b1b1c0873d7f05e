import { listedBy } from './homes.ts';
import type { SampleItem } from './types.ts';

export const PARTY_AND_SPORTS_ITEMS: SampleItem[] = [
  listedBy('siobhan-oneill', {
    key: 'party-gazebo-1', categoryId: 'party-supplies', name: '3 x 6 m Pop-Up Gazebo',
    description: 'Heavy-duty gazebo with three side walls, weights for the legs and a wheeled bag. Two people can put it up in ten minutes.',
    dailyRatePence: 2500, minDays: 1, maxDays: 4,
  }),
  listedBy('priya-shah', {
    key: 'party-tables-2', categoryId: 'party-supplies', name: 'Four Folding Trestle Tables',
    description: 'Four 6 ft folding tables that seat 24 between them. Ideal for garden parties, christenings and car boot sales.',
    dailyRatePence: 1600, minDays: 1, maxDays: 4,
  }),
  listedBy('amelia-hughes', {
    key: 'party-festoon-lights-3', categoryId: 'party-supplies', name: 'Festoon Lights (20 m)',
    description: 'Warm white outdoor festoon lights with shatterproof bulbs. They make any garden look magical; plug in, no batteries.',
    dailyRatePence: 800, minDays: 1, maxDays: 5,
  }),
  listedBy('priya-shah', {
    key: 'party-chocolate-fountain-4', categoryId: 'party-supplies', name: 'Chocolate Fountain',
    description: 'Three-tier fountain, a guaranteed hit at birthdays and weddings. Takes about 1.5 kg of chocolate; cleaning tips included.',
    dailyRatePence: 1500, minDays: 1, maxDays: 3,
  }),
  listedBy('jamal-hussain', {
    key: 'party-candyfloss-5', categoryId: 'party-supplies', name: 'Candyfloss Machine',
    description: 'Electric candyfloss maker with a splash guard, sticks and two flavours of sugar to get you started.',
    dailyRatePence: 1800, minDays: 1, maxDays: 3,
  }),
  listedBy('siobhan-oneill', {
    key: 'party-patio-heater-6', categoryId: 'party-supplies', name: 'Gas Patio Heater',
    description: 'Tall mushroom heater that keeps a patio party cosy after sunset. Propane bottle not included; I can point you to the nearest refill.',
    dailyRatePence: 1800, minDays: 1, maxDays: 4,
  }),
  listedBy('gareth-price', {
    key: 'sports-e-bike-1', categoryId: 'sports-equipment', name: 'Electric Hybrid Bike',
    description: 'Medium-frame e-bike with a 60-mile range, lights and a rear rack. Helmet and D-lock included. Makes the hills of Cardiff a doddle.',
    dailyRatePence: 3000, minDays: 1, maxDays: 7,
  }),
  listedBy('rosie-clarke', {
    key: 'sports-paddleboard-2', categoryId: 'sports-equipment', name: 'Inflatable Stand-Up Paddleboard',
    description: '10 ft 6 board with a pump, paddle, leash and dry bag. Stable enough for beginners on a calm sea.',
    dailyRatePence: 2000, minDays: 1, maxDays: 7,
  }),
  listedBy('gareth-price', {
    key: 'sports-tennis-3', categoryId: 'sports-equipment', name: 'Two Tennis Rackets and Balls',
    description: 'A pair of adult rackets, freshly restrung, with a tube of new balls. Just the thing for a summer evening in the park.',
    dailyRatePence: 400, minDays: 1, maxDays: 7,
  }),
  listedBy('fiona-mackenzie', {
    key: 'sports-kayak-4', categoryId: 'sports-equipment', name: 'Sit-On-Top Kayak with Paddle',
    description: 'Stable one-person kayak with a paddle and a buoyancy aid. Needs roof bars to transport; I can lend straps.',
    dailyRatePence: 2500, minDays: 1, maxDays: 5,
  }),
  listedBy('gareth-price', {
    key: 'sports-golf-5', categoryId: 'sports-equipment', name: 'Half Set of Golf Clubs with Bag',
    description: 'Right-handed driver, hybrid, four irons, a wedge and a putter in a light stand bag. Good for a round while visiting.',
    dailyRatePence: 1000, minDays: 1, maxDays: 7,
  }),
  listedBy('megan-lloyd', {
    key: 'sports-table-tennis-6', categoryId: 'sports-equipment', name: 'Folding Outdoor Table Tennis Table',
    description: 'Weatherproof table that folds up on wheels, with four bats and a net. You will need a car with a large boot or a van.',
    dailyRatePence: 1200, minDays: 2, maxDays: 14,
  }),
];
