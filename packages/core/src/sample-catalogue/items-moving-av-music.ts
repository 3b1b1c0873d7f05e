import { listedBy } from './homes.ts';
import type { SampleItem } from './types.ts';

export const MOVING_AV_AND_MUSIC_ITEMS: SampleItem[] = [
  listedBy('tom-gallagher', {
    key: 'moving-sack-truck-1', categoryId: 'moving-equipment', name: 'Heavy-Duty Sack Truck',
    description: 'Puncture-proof wheels and a 250 kg limit. Makes short work of boxes, washing machines and garden pots.',
    dailyRatePence: 500, minDays: 1, maxDays: 5,
  }),
  listedBy('tom-gallagher', {
    key: 'moving-dollies-2', categoryId: 'moving-equipment', name: 'Pair of Furniture Dollies',
    description: 'Two carpeted dollies for wardrobes, sofas and pianos along a flat floor. Each takes 200 kg.',
    dailyRatePence: 400, minDays: 1, maxDays: 7,
  }),
  listedBy('hannah-whitfield', {
    key: 'moving-roof-box-3', categoryId: 'moving-equipment', name: 'Roof Box (420 L) with Roof Bars',
    description: 'Lockable roof box plus a set of roof bars; I will help you fit them. Ideal for a holiday or a move to university.',
    dailyRatePence: 1200, minDays: 2, maxDays: 14,
  }),
  listedBy('megan-lloyd', {
    key: 'moving-straps-4', categoryId: 'moving-equipment', name: 'Ratchet Straps and Moving Blankets',
    description: 'Eight ratchet straps and ten thick moving blankets to keep furniture safe in a van. Blankets washed after every hire.',
    dailyRatePence: 400, minDays: 1, maxDays: 7,
  }),
  listedBy('ben-ashworth', {
    key: 'moving-stair-climber-5', categoryId: 'moving-equipment', name: 'Stair-Climbing Sack Truck',
    description: 'Tri-wheel sack truck that rolls up and down stairs, which is a lifesaver for top-floor flats. Takes up to 150 kg.',
    dailyRatePence: 900, minDays: 1, maxDays: 4,
  }),
  listedBy('oliver-bennett', {
    key: 'moving-trailer-6', categoryId: 'moving-equipment', name: 'Box Trailer (6 x 4 ft)',
    description: 'Unbraked trailer for tip runs and small moves, with a cover and a lighting board. Your car needs a tow bar with electrics.',
    dailyRatePence: 2500, minDays: 1, maxDays: 7,
  }),
  listedBy('siobhan-oneill', {
    key: 'av-projector-1', categoryId: 'audio-visual', name: 'Full HD Projector with 100" Screen',
    description: 'Bright projector and a pull-up screen for film nights and garden cinema. HDMI lead and a small speaker included.',
    dailyRatePence: 1800, minDays: 1, maxDays: 5,
  }),
  listedBy('jamal-hussain', {
    key: 'av-pa-speaker-2', categoryId: 'audio-visual', name: 'Portable PA Speaker with Microphone',
    description: 'Battery-powered PA speaker with Bluetooth and a wireless microphone. Loud enough for a school fete or a 50th birthday.',
    dailyRatePence: 2000, minDays: 1, maxDays: 4,
  }),
  listedBy('david-okafor', {
    key: 'av-camera-3', categoryId: 'audio-visual', name: 'Mirrorless Camera with Kit Lens',
    description: '24 MP mirrorless camera with an 18-55 mm lens, two batteries and a 64 GB card. Shoots great 4K video too.',
    dailyRatePence: 2500, minDays: 1, maxDays: 7,
  }),
  listedBy('david-okafor', {
    key: 'av-drone-4', categoryId: 'audio-visual', name: 'Camera Drone (under 250 g)',
    description: 'Compact 4K drone with three batteries. Under 250 g, but you still need your own Flyer ID; I will show you the basics.',
    dailyRatePence: 2500, minDays: 1, maxDays: 5,
  }),
  listedBy('david-okafor', {
    key: 'av-gimbal-5', categoryId: 'audio-visual', name: 'Smartphone Gimbal Stabiliser',
    description: 'Three-axis gimbal that makes phone videos silky smooth. Folds small and charges over USB-C.',
    dailyRatePence: 500, minDays: 1, maxDays: 7,
  }),
  listedBy('priya-shah', {
    key: 'av-karaoke-6', categoryId: 'audio-visual', name: 'Karaoke Machine with Two Microphones',
    description: 'Plug into the TV, pick songs on your phone and sing. Two microphones with an echo effect; the neighbours have been warned.',
    dailyRatePence: 1500, minDays: 1, maxDays: 3,
  }),
  listedBy('callum-fraser', {
    key: 'music-electric-guitar-1', categoryId: 'musical-instruments', name: 'Electric Guitar and Practice Amp',
    description: 'Solid-body electric guitar with a 20 W amp, lead, strap and tuner. A good way to find out if guitar is for you.',
    dailyRatePence: 1200, minDays: 2, maxDays: 14,
  }),
  listedBy('david-okafor', {
    key: 'music-digital-piano-2', categoryId: 'musical-instruments', name: '88-Key Digital Piano with Stand',
    description: 'Weighted keys that feel like a real piano, with a sustain pedal, stand and headphones. Two people needed to carry it.',
    dailyRatePence: 1500, minDays: 2, maxDays: 14,
  }),
  listedBy('jamal-hussain', {
    key: 'music-drum-kit-3', categoryId: 'musical-instruments', name: 'Electronic Drum Kit',
    description: 'Mesh-head electric drum kit, quiet enough for a terraced house when you use headphones. Stool and sticks included.',
    dailyRatePence: 1800, minDays: 2, maxDays: 14,
  }),
  listedBy('callum-fraser', {
    key: 'music-ukulele-4', categoryId: 'musical-instruments', name: 'Concert Ukulele',
    description: 'Warm-sounding concert ukulele with a padded bag, a clip-on tuner and a chord chart for beginners.',
    dailyRatePence: 300, minDays: 1, maxDays: 14,
  }),
  listedBy('amelia-hughes', {
    key: 'music-violin-5', categoryId: 'musical-instruments', name: 'Full-Size Violin with Case',
    description: 'Student violin, recently set up by a luthier, with a bow, rosin and a shoulder rest. Good for a term of lessons.',
    dailyRatePence: 600, minDays: 2, maxDays: 14,
  }),
  listedBy('tom-gallagher', {
    key: 'music-bass-amp-6', categoryId: 'musical-instruments', name: 'Bass Amplifier (100 W)',
    description: 'Punchy 100 W combo for rehearsals and small gigs, with a 10 ft lead. Works for a keyboard too.',
    dailyRatePence: 1000, minDays: 1, maxDays: 7,
  }),
];
