/**
 * Which open-source pictogram (Lucide, ISC licence) shows a sample item: the first rule whose words
 * appear in the item's name, else its category's. Pure data: the SVG strings come with the package.
 */
import {
  AppWindow, AudioLines, Axe, Backpack, BedDouble, Bike, Boxes, ChefHat, BrushCleaning, CakeSlice, Camera, Candy, CloudFog,
  Construction, CookingPot, Crosshair, Drill, Drone, Drum, Flame, FlagTriangleRight, Grid2x2, Guitar, GuitarElectric, Hammer,
  Heater, IceCreamCone, Layers2, Lightbulb, MicVocal, Package, PaintRoller, PartyPopper, Piano, Pizza, Projector, Refrigerator,
  RobotVacuum, Ruler, Sailboat, Scissors, Shovel, Shredder, Smartphone, Speaker, Sprout, Table2, Tent, TentTree, Toolbox,
  Tractor, Trailer, Truck, Volleyball, Wallpaper, Wind, Armchair, Droplets,
} from 'lucide-static';

const RULES: ReadonlyArray<readonly [RegExp, string]> = [
  [/ladder/, Construction],
  [/tile cutter/, Grid2x2],
  [/wallpaper/, Wallpaper],
  [/clamp/, Ruler],
  [/tool kit/, Toolbox],
  [/laser/, Crosshair],
  [/pressure washer/, Droplets],
  [/carpet cleaner/, BrushCleaning],
  [/steam cleaner/, CloudFog],
  [/window/, AppWindow],
  [/leaf blower/, Wind],
  [/vacuum|\bvac\b/, RobotVacuum],
  [/lawn mower/, Tractor],
  [/scarifier/, Sprout],
  [/hedge trimmer/, Scissors],
  [/shredder/, Shredder],
  [/rotavator/, Shovel],
  [/hammer drill/, Hammer],
  [/drill/, Drill],
  [/saw/, Axe],
  [/sander/, PaintRoller],
  [/mixer/, ChefHat],
  [/air fryer|slow cooker/, CookingPot],
  [/dehydrator/, Layers2],
  [/ice cream/, IceCreamCone],
  [/pizza/, Pizza],
  [/tent/, Tent],
  [/stove/, Flame],
  [/sleeping bag/, BedDouble],
  [/rucksack/, Backpack],
  [/cool box/, Refrigerator],
  [/chairs/, Armchair],
  [/sack truck/, Truck],
  [/dollies|straps/, Boxes],
  [/roof box/, Package],
  [/trailer/, Trailer],
  [/projector/, Projector],
  [/drone/, Drone],
  [/camera/, Camera],
  [/gimbal/, Smartphone],
  [/karaoke|microphone/, MicVocal],
  [/electric guitar/, GuitarElectric],
  [/piano/, Piano],
  [/drum/, Drum],
  [/ukulele|violin/, Guitar],
  [/amplifier|speaker/, Speaker],
  [/gazebo/, TentTree],
  [/table tennis/, Table2],
  [/trestle/, Table2],
  [/festoon|lights/, Lightbulb],
  [/fountain/, CakeSlice],
  [/candyfloss/, Candy],
  [/heater/, Heater],
  [/bike/, Bike],
  [/paddleboard|kayak/, Sailboat],
  [/racket/, Volleyball],
  [/golf/, FlagTriangleRight],
];

const BY_CATEGORY: Record<string, string> = {
  'garden-tools': Sprout,
  'power-tools': Drill,
  'kitchen-appliances': CookingPot,
  'camping-gear': Tent,
  'party-supplies': PartyPopper,
  'sports-equipment': Volleyball,
  'diy-hand-tools': Hammer,
  'cleaning-equipment': BrushCleaning,
  'moving-equipment': Truck,
  'audio-visual': Speaker,
  'musical-instruments': AudioLines,
};

/** The drawing inside the icon's 24x24 <svg> (its paths, circles and lines), without the wrapper. */
export function iconShapes(svg: string): string {
  const start = svg.indexOf('>', svg.indexOf('<svg'));
  const end = svg.lastIndexOf('</svg>');
  return svg.slice(start + 1, end).replace(/\s+/g, ' ').trim();
}

/** The pictogram's shapes (24x24 units, stroked) for an item, by its name then its category. */
export function toolIconShapes(name: string, categoryId: string): string {
  const lower = name.toLowerCase();
  const rule = RULES.find(([words]) => words.test(lower));
  return iconShapes(rule?.[1] ?? BY_CATEGORY[categoryId] ?? Toolbox);
}
