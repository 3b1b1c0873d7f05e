import type { CategoryId } from '@toolshed/core';

/**
 * Word lists for the generated catalogue. Names and descriptions are combined from these so that a
 * search for a common tool word ('drill', 'ladder', 'mower') hits a few per cent of the items, as it
 * would on a real marketplace, rather than all or none of them.
 */
export interface CategoryVocabulary {
  /** Share of all items, in per cent; the shares add up to 100. */
  share: number;
  nouns: string[];
  /** A clause completing "Comes with ..." or describing use. */
  extras: string[];
}

export const CATEGORY_VOCABULARY: Record<CategoryId, CategoryVocabulary> = {
  'garden-tools': {
    share: 14,
    nouns: ['Petrol Lawn Mower', 'Cordless Lawn Mower', 'Robot Mower', 'Cylinder Mower', 'Hedge Trimmer', 'Strimmer', 'Leaf Blower', 'Garden Shredder', 'Lawn Scarifier', 'Rotavator', 'Chainsaw', 'Wheelbarrow', 'Pole Pruner', 'Log Splitter'],
    extras: ['a grass box and mulching plug', 'a spare line spool', 'safety goggles and gloves', 'a fresh blade, sharpened this spring', 'a long extension lead'],
  },
  'power-tools': {
    share: 14,
    nouns: ['Cordless Drill', 'Hammer Drill', 'SDS Drill', 'Combi Drill', 'Circular Saw', 'Jigsaw', 'Mitre Saw', 'Orbital Sander', 'Angle Grinder', 'Impact Driver', 'Electric Planer', 'Plunge Router', 'Multi-tool', 'Nail Gun'],
    extras: ['two batteries and a fast charger', 'a hard case', 'spare blades for wood and metal', 'a dust bag and sanding sheets', 'a carry case'],
  },
  'kitchen-appliances': {
    share: 8,
    nouns: ['Stand Mixer', 'Air Fryer', 'Food Dehydrator', 'Bread Maker', 'Ice Cream Maker', 'Pasta Machine', 'Slow Cooker', 'Chocolate Fountain', 'Juicer', 'Pizza Oven'],
    extras: ['the recipe booklet', 'a dough hook and whisk', 'spare trays', 'a cover and cleaning brush'],
  },
  'camping-gear': {
    share: 9,
    nouns: ['Family Tent', 'Two-person Tent', 'Camping Stove', 'Sleeping Bag', 'Camping Chair', 'Cool Box', 'Air Bed', 'Head Torch', 'Folding Table', 'Gazebo Shelter'],
    extras: ['pegs, poles and a mallet', 'a gas canister', 'a repair kit', 'a compression sack'],
  },
  'party-supplies': {
    share: 8,
    nouns: ['Party Gazebo', 'Trestle Table', 'Festoon Lights', 'Bubble Machine', 'Popcorn Machine', 'Candy Floss Machine', 'Smoke Machine', 'Folding Chairs', 'Patio Heater', 'Karaoke Machine'],
    extras: ['weights for the legs', 'spare bulbs', 'enough for twenty guests', 'a storage bag'],
  },
  'sports-equipment': {
    share: 9,
    nouns: ['Road Bike', 'Mountain Bike', 'Paddle Board', 'Kayak', 'Tennis Rackets', 'Golf Clubs', 'Rowing Machine', 'Exercise Bike', 'Football Goals', 'Ski Rack'],
    extras: ['a pump and helmet', 'a buoyancy aid', 'a set of balls', 'a lock and lights'],
  },
  'diy-hand-tools': {
    share: 12,
    nouns: ['Extension Ladder', 'Step Ladder', 'Loft Ladder', 'Tile Cutter', 'Wallpaper Steamer', 'Sash Clamps', 'Spirit Level', 'Socket Set', 'Bolster Chisels', 'Plastering Trowels', 'Pipe Bender', 'Workbench'],
    extras: ['a stand-off for gutters', 'spare cutting wheels', 'a box of wall plugs and screws', 'a tool bag'],
  },
  'cleaning-equipment': {
    share: 7,
    nouns: ['Pressure Washer', 'Carpet Cleaner', 'Steam Cleaner', 'Wet and Dry Vacuum', 'Window Vacuum', 'Floor Polisher', 'Patio Cleaner', 'Gutter Vacuum'],
    extras: ['a patio attachment', 'cleaning solution for the first go', 'extension wands', 'a spare filter'],
  },
  'moving-equipment': {
    share: 6,
    nouns: ['Sack Truck', 'Furniture Dolly', 'Roof Box', 'Ratchet Straps', 'Moving Blankets', 'Platform Trolley', 'Stair Climber Trolley', 'Piano Skates'],
    extras: ['a set of straps', 'the roof bars', 'ten moving blankets', 'a puncture-proof wheel'],
  },
  'audio-visual': {
    share: 7,
    nouns: ['Projector', 'Projector Screen', 'PA Speaker', 'Bluetooth Speaker', 'DSLR Camera', 'Wireless Microphone', 'Ring Light', 'Camera Tripod', 'Drone'],
    extras: ['HDMI and power cables', 'a spare battery', 'a padded bag', 'a remote control'],
  },
  'musical-instruments': {
    share: 6,
    nouns: ['Acoustic Guitar', 'Electric Guitar', 'Bass Guitar', 'Digital Piano', 'Drum Kit', 'Guitar Amplifier', 'Ukulele', 'Violin', 'Keyboard Stand'],
    extras: ['a gig bag and tuner', 'headphones', 'a stand and stool', 'new strings'],
  },
};

/** Prefixes for item names: sizes and conditions people actually write; often none at all. */
export const NAME_PREFIXES = ['', '', '', '', '', 'Large', 'Small', 'Compact', 'Heavy-duty', 'Nearly new', 'Professional', 'Lightweight', 'Vintage', 'Premium'];

export const OPENINGS = ['Reliable', 'Well-kept', 'Barely used', 'Much-loved', 'Serviced', 'Sturdy', 'Clean and tidy', 'Good as new'];

export const CLOSINGS = [
  'Collection from my front door, evenings and weekends.',
  'Happy to show you how it works.',
  'Please bring it back clean.',
  'Ideal for a weekend project.',
  'Fits in a small car boot.',
  'Instructions included.',
  'Can drop off nearby for a small fee.',
  'Message me with any questions.',
];

export const FIRST_NAMES = ['Olivia', 'Amelia', 'Isla', 'Ava', 'Mia', 'Grace', 'Freya', 'Lily', 'Sophie', 'Evie', 'Noah', 'Oliver', 'George', 'Arthur', 'Leo', 'Harry', 'Oscar', 'Jack', 'Charlie', 'Jacob', 'Priya', 'Aisha', 'Mohammed', 'Ravi', 'Siobhan', 'Rhys', 'Callum', 'Niamh', 'Tomasz', 'Chloe'];

export const LAST_NAMES = ['Smith', 'Jones', 'Taylor', 'Brown', 'Williams', 'Wilson', 'Johnson', 'Davies', 'Patel', 'Wright', 'Robinson', 'Wood', 'Thompson', 'Evans', 'Walker', 'White', 'Roberts', 'Green', 'Hall', 'Khan', "O'Brien", 'Hughes', 'Edwards', 'Kowalski', 'Murphy', 'Campbell'];

/** City, postcode area and centre coordinates; items are scattered a few kilometres around it. */
export const CITIES: Array<[string, string, number, number]> = [
  ['London', 'N', 51.5072, -0.1276],
  ['Manchester', 'M', 53.4808, -2.2426],
  ['Birmingham', 'B', 52.4862, -1.8904],
  ['Leeds', 'LS', 53.8008, -1.5491],
  ['Bristol', 'BS', 51.4545, -2.5879],
  ['Sheffield', 'S', 53.3811, -1.4701],
  ['Liverpool', 'L', 53.4084, -2.9916],
  ['Nottingham', 'NG', 52.9548, -1.1581],
  ['Brighton', 'BN', 50.8225, -0.1372],
  ['Cardiff', 'CF', 51.4816, -3.1791],
  ['Edinburgh', 'EH', 55.9533, -3.1883],
  ['Glasgow', 'G', 55.8642, -4.2518],
  ['Norwich', 'NR', 52.6309, 1.2974],
  ['York', 'YO', 53.959, -1.0815],
];
