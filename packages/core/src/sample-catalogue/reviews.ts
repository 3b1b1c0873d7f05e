import type { SampleReview } from './types.ts';

type Stars = SampleReview['rating'];

function review(reviewerKey: string, itemKey: string, revieweeKey: string, rating: Stars, daysAgo: number, comment: string): SampleReview {
  return { reviewerKey, revieweeKey, itemKey, rating, comment, daysAgo };
}

/**
 * Renters' reviews of owners. The mix is deliberate: some owners near five stars, some around four,
 * some around three, one with a single poor review and one (ben-ashworth) with none, so the
 * minimum-rating filter has something to do.
 */
export const SAMPLE_REVIEWS: SampleReview[] = [
  // Amelia: 4.8
  review('rosie-clarke', 'kitchen-stand-mixer-1', 'amelia-hughes', 5, 25, 'Spotless mixer and Amelia even lent me her favourite bread recipe. Lovely to deal with.'),
  review('oliver-bennett', 'garden-scarifier-4', 'amelia-hughes', 5, 96, 'Scarifier worked a treat, the lawn has never looked better. Easy pick-up.'),
  review('megan-lloyd', 'kitchen-dehydrator-3', 'amelia-hughes', 5, 140, 'Dried a whole tree of apples with it. Clean, complete and exactly as described.'),
  review('priya-shah', 'party-festoon-lights-3', 'amelia-hughes', 4, 210, 'Lights looked beautiful at our party. One bulb was out but Amelia had a spare ready.'),
  review('callum-fraser', 'music-violin-5', 'amelia-hughes', 5, 330, 'My daughter loved it. Violin was in perfect tune and came with everything we needed.'),
  // Oliver: 4.33
  review('amelia-hughes', 'cleaning-pressure-washer-1', 'oliver-bennett', 4, 36, 'Powerful washer, patio looks new. Hose was a bit tangled but otherwise great.'),
  review('jamal-hussain', 'moving-trailer-6', 'oliver-bennett', 5, 17, 'Trailer was ready on time, lights checked together before I left. Made the tip run painless.'),
  review('david-okafor', 'power-mitre-saw-2', 'oliver-bennett', 4, 88, 'Good saw and a sharp blade. Collection time was moved once, but Oliver let me know early.'),
  review('hannah-whitfield', 'diy-ladder-1', 'oliver-bennett', 4, 150, 'Sturdy ladder, did the gutters in a morning. Quite heavy, bring a friend.'),
  review('fiona-mackenzie', 'power-sds-drill-5', 'oliver-bennett', 5, 240, 'Chiselled off a whole bathroom of tiles. Oliver gave great tips on which bit to use.'),
  review('tom-gallagher', 'cleaning-pressure-washer-1', 'oliver-bennett', 4, 365, 'Did the job well. The detergent bottle was nearly empty, so bring your own.'),
  // Priya: 5.0
  review('hannah-whitfield', 'party-tables-2', 'priya-shah', 5, 45, 'Tables were clean and sturdy, and Priya helped load them into the car. Perfect.'),
  review('gareth-price', 'party-chocolate-fountain-4', 'priya-shah', 5, 120, "The chocolate fountain was the star of my son's birthday. Thank you!"),
  review('ben-ashworth', 'kitchen-air-fryer-2', 'priya-shah', 5, 9, 'Tried it for a week before buying my own. Spotless and came with the manual.'),
  review('siobhan-oneill', 'av-karaoke-6', 'priya-shah', 5, 260, 'Brilliant night, everything worked first time. Would hire from Priya again.'),
  // Tom: 3.5
  review('priya-shah', 'power-floor-sander-6', 'tom-gallagher', 3, 60, 'Sander did the job but the dust bag had a tear, so the room got messy.'),
  review('ben-ashworth', 'moving-sack-truck-1', 'tom-gallagher', 4, 12, 'Solid sack truck, no problems. Handover was quick.'),
  review('callum-fraser', 'diy-wallpaper-steamer-3', 'tom-gallagher', 3, 175, 'Steamer worked but the hose leaked a little. Tom knocked a bit off the price.'),
  review('gareth-price', 'music-bass-amp-6', 'tom-gallagher', 4, 290, 'Decent amp for our rehearsal. Took a while to arrange collection.'),
  // Fiona: 4.83
  review('callum-fraser', 'camping-tent-1', 'fiona-mackenzie', 5, 53, 'Tent survived a wild night on Skye without a drip. Fiona showed us how to pitch it first.'),
  review('gareth-price', 'camping-stove-2', 'fiona-mackenzie', 5, 70, 'Great stove and the spare gas saved our trip. Very kind owner.'),
  review('david-okafor', 'camping-sleeping-bags-3', 'fiona-mackenzie', 4, 115, 'Warm bags and freshly washed. The compression sack zip is a bit stiff.'),
  review('megan-lloyd', 'camping-rucksack-4', 'fiona-mackenzie', 5, 190, 'Comfortable rucksack, fitted me after one adjustment. Fiona is lovely.'),
  review('ben-ashworth', 'sports-kayak-4', 'fiona-mackenzie', 5, 14, 'Kayak was in great shape and Fiona lent me roof straps. Highly recommended.'),
  review('oliver-bennett', 'camping-tent-1', 'fiona-mackenzie', 5, 380, 'Huge tent, ideal for a family of five. Fiona was flexible about the return time.'),
  // Gareth: 4.83
  review('megan-lloyd', 'garden-mower-1', 'gareth-price', 5, 19, 'Mower started first pull and Gareth had topped up the fuel. Excellent.'),
  review('tom-gallagher', 'power-drill-1', 'gareth-price', 5, 7, 'Drill and batteries were fully charged. Shelves are up. Cheers Gareth!'),
  review('rosie-clarke', 'sports-e-bike-1', 'gareth-price', 5, 80, 'E-bike was brilliant for exploring Cardiff Bay. Helmet and lock included, as promised.'),
  review('jamal-hussain', 'sports-golf-5', 'gareth-price', 5, 160, 'Clubs were clean and the bag is light. Shot my best round in years.'),
  review('siobhan-oneill', 'sports-tennis-3', 'gareth-price', 4, 220, 'Nice rackets, though the balls were a bit flat by the end.'),
  review('hannah-whitfield', 'garden-mower-1', 'gareth-price', 5, 395, 'Reliable mower, friendly owner, fair price.'),
  // Siobhan: 4.4
  review('david-okafor', 'party-gazebo-1', 'siobhan-oneill', 4, 28, 'Gazebo kept the rain off our barbecue. One leg weight was missing but no harm done.'),
  review('priya-shah', 'av-projector-1', 'siobhan-oneill', 5, 12, 'Garden cinema night was a hit. Siobhan set it all up with us on the doorstep.'),
  review('fiona-mackenzie', 'cleaning-carpet-cleaner-2', 'siobhan-oneill', 4, 100, 'Carpet came up well. The tank is small, so expect lots of refills.'),
  review('amelia-hughes', 'party-patio-heater-6', 'siobhan-oneill', 4, 185, 'Kept everyone warm into the night. Had to find propane myself, as the listing says.'),
  review('callum-fraser', 'kitchen-ice-cream-maker-4', 'siobhan-oneill', 5, 305, 'Made three batches of sorbet in an afternoon. Lovely machine.'),
  // David: 4.25
  review('hannah-whitfield', 'music-digital-piano-2', 'david-okafor', 4, 30, 'Keys feel great. Carrying it up to my flat was hard work, as David warned.'),
  review('fiona-mackenzie', 'av-camera-3', 'david-okafor', 4, 75, 'Camera produced lovely photos. Would have liked a second memory card.'),
  review('gareth-price', 'av-drone-4', 'david-okafor', 5, 145, 'David walked me through the drone rules and controls. Stunning footage of the coast.'),
  review('oliver-bennett', 'power-jigsaw-4', 'david-okafor', 4, 250, 'Cut the worktop cleanly. Battery only lasted half a day, so charge it overnight.'),
  // Hannah: 4.5
  review('priya-shah', 'moving-roof-box-3', 'hannah-whitfield', 5, 40, 'Hannah fitted the roof bars for us, which was a huge help before our holiday.'),
  review('david-okafor', 'garden-hedge-trimmer-2', 'hannah-whitfield', 4, 95, 'Trimmer was sharp and both batteries were charged. Bag was a little muddy.'),
  review('jamal-hussain', 'garden-rotavator-5', 'hannah-whitfield', 4, 170, 'Strong rotavator that dug my allotment in no time. Needs some muscle.'),
  review('amelia-hughes', 'cleaning-window-pole-4', 'hannah-whitfield', 5, 280, 'Upstairs windows done from the garden. Clever kit and a very helpful owner.'),
  // Jamal: 3.17
  review('rosie-clarke', 'av-pa-speaker-2', 'jamal-hussain', 3, 22, 'Speaker was loud enough but the microphone kept cutting out.'),
  review('tom-gallagher', 'music-drum-kit-3', 'jamal-hussain', 3, 65, 'Kit worked, but one pad was loose and I had to chase Jamal for the stool.'),
  review('megan-lloyd', 'party-candyfloss-5', 'jamal-hussain', 4, 110, 'Kids loved the candyfloss. Machine was clean and worked well.'),
  review('siobhan-oneill', 'cleaning-wet-dry-vac-5', 'jamal-hussain', 3, 200, 'Vacuum did the job after our leak. Filter could have been cleaned before hire.'),
  review('fiona-mackenzie', 'av-pa-speaker-2', 'jamal-hussain', 2, 275, 'Battery was flat at pick-up and we had to wait two hours for it to charge.'),
  review('gareth-price', 'music-drum-kit-3', 'jamal-hussain', 4, 240, 'Good fun kit for a week of practice. Collection was easy.'),
  // Rosie: a single poor review
  review('oliver-bennett', 'sports-paddleboard-2', 'rosie-clarke', 2, 48, 'The board had a slow puncture and went soft after an hour. Rosie said she would fix it.'),
  // Callum: 4.2
  review('megan-lloyd', 'music-electric-guitar-1', 'callum-fraser', 4, 55, 'Guitar plays nicely and the amp sounds good. Strings were a bit old.'),
  review('tom-gallagher', 'diy-tile-cutter-2', 'callum-fraser', 4, 130, 'Clean cuts every time. Callum showed me how to score the tiles properly.'),
  review('david-okafor', 'diy-clamps-4', 'callum-fraser', 4, 205, 'Clamps were exactly what I needed for my tabletop glue-up.'),
  review('rosie-clarke', 'music-ukulele-4', 'callum-fraser', 5, 60, 'Sweet little ukulele, arrived in tune with a chord chart. Thank you!'),
  review('amelia-hughes', 'power-sander-3', 'callum-fraser', 4, 310, 'Sander worked well. Ran out of 120 grit discs, so bring a few spares.'),
  // Megan: 4.0
  review('amelia-hughes', 'garden-shredder-3', 'megan-lloyd', 4, 35, 'Quiet shredder, turned all my prunings into mulch. Easy handover.'),
  review('callum-fraser', 'camping-chairs-6', 'megan-lloyd', 4, 90, 'Comfy chairs and the table packs down small. Good value.'),
  review('jamal-hussain', 'sports-table-tennis-6', 'megan-lloyd', 3, 125, 'Table was fine but hard to fold, and one bat had a torn rubber.'),
  review('hannah-whitfield', 'cleaning-steam-cleaner-3', 'megan-lloyd', 5, 230, 'Grout looks brand new. Megan even gave me her cleaning tips.'),
  review('siobhan-oneill', 'moving-straps-4', 'megan-lloyd', 4, 330, 'Straps and blankets kept the furniture safe on our move.'),
];
