/**
 * Public places near the centre of each of the 60 largest towns (uk-places/largest-towns.ts) where a
 * sample listing is collected: a square, a market, a park or a high street, never a home. Compiled by
 * hand for Toolshed from public geographic facts, to a few hundred metres; not copied from any
 * dataset. Part of this project's source, under its terms.
 */
export const TOWN_PLACES: Readonly<Record<string, ReadonlyArray<readonly [place: string, lat: number, lon: number]>>> = {
  London: [
    ['Trafalgar Square', 51.508, -0.1281],
    ["St James's Park, The Mall", 51.5025, -0.134],
    ['Covent Garden Piazza', 51.5117, -0.124],
  ],
  Birmingham: [
    ['Victoria Square', 52.4797, -1.9034],
    ['Centenary Square', 52.4793, -1.9085],
    ['Bull Ring Markets, Edgbaston Street', 52.476, -1.894],
  ],
  Liverpool: [
    ['Williamson Square', 53.4065, -2.983],
    ['Pier Head', 53.4046, -2.996],
    ["St John's Gardens", 53.4093, -2.9812],
  ],
  Bristol: [
    ['College Green', 51.4525, -2.6],
    ['Queen Square', 51.45, -2.594],
    ['Castle Park', 51.456, -2.587],
  ],
  Manchester: [
    ['Piccadilly Gardens', 53.4809, -2.2369],
    ["St Peter's Square", 53.4782, -2.2434],
    ['Cathedral Gardens', 53.486, -2.243],
  ],
  Sheffield: [
    ['Peace Gardens', 53.38, -1.47],
    ['Devonshire Green', 53.378, -1.478],
    ['Weston Park', 53.382, -1.489],
  ],
  Leeds: [
    ['Park Square', 53.799, -1.553],
    ['Millennium Square', 53.801, -1.548],
    ['Kirkgate Market', 53.797, -1.54],
  ],
  Glasgow: [
    ['George Square', 55.8611, -4.2502],
    ['Glasgow Green', 55.851, -4.237],
    ['Kelvingrove Park', 55.869, -4.284],
  ],
  Edinburgh: [
    ['Princes Street Gardens', 55.951, -3.2],
    ['The Meadows', 55.941, -3.192],
    ['Grassmarket', 55.9475, -3.196],
  ],
  Leicester: [
    ['Jubilee Square', 52.636, -1.139],
    ['Town Hall Square', 52.634, -1.133],
    ['Abbey Park', 52.647, -1.135],
  ],
  Bradford: [
    ['City Park', 53.792, -1.752],
    ['Lister Park', 53.81, -1.768],
    ['Broadway', 53.794, -1.75],
  ],
  Cardiff: [
    ['Queen Street', 51.482, -3.173],
    ['Bute Park', 51.487, -3.187],
    ['Roald Dahl Plass, Cardiff Bay', 51.464, -3.164],
  ],
  Coventry: [
    ['Broadgate', 52.408, -1.511],
    ['War Memorial Park', 52.394, -1.518],
    ['Canal Basin', 52.414, -1.514],
  ],
  Nottingham: [
    ['Old Market Square', 52.953, -1.15],
    ['The Arboretum', 52.961, -1.158],
    ['High Pavement, Lace Market', 52.951, -1.143],
  ],
  Hull: [
    ['Queen Victoria Square', 53.744, -0.335],
    ['Queens Gardens', 53.746, -0.334],
    ['Pearson Park', 53.76, -0.358],
  ],
  Belfast: [
    ['Donegall Square', 54.596, -5.93],
    ['Botanic Gardens', 54.583, -5.933],
    ["St George's Market", 54.596, -5.921],
  ],
  'Newcastle upon Tyne': [
    ["Grey's Monument", 54.974, -1.613],
    ['Leazes Park', 54.979, -1.623],
    ['Quayside', 54.969, -1.606],
  ],
  'Stoke-on-Trent': [
    ['Hanley Park', 53.018, -2.177],
    ['Market Square, Hanley', 53.025, -2.175],
    ['Central Forest Park', 53.035, -2.18],
  ],
  Southampton: [
    ['Bargate', 50.904, -1.404],
    ['Hoglands Park', 50.906, -1.399],
    ['Mayflower Park', 50.898, -1.408],
  ],
  Derby: [
    ['Market Place', 52.923, -1.477],
    ['Darley Park', 52.937, -1.481],
    ['Derby Arboretum', 52.914, -1.476],
  ],
  Portsmouth: [
    ['Guildhall Square', 50.798, -1.092],
    ['Victoria Park', 50.8, -1.096],
    ['Gunwharf Quays', 50.796, -1.107],
  ],
  Brighton: [
    ['Pavilion Gardens', 50.8225, -0.138],
    ['The Level', 50.831, -0.134],
    ['Preston Park', 50.841, -0.147],
  ],
  Plymouth: [
    ['Plymouth Hoe', 50.365, -4.142],
    ['Armada Way', 50.37, -4.142],
    ['Central Park', 50.384, -4.15],
  ],
  Northampton: [
    ['Market Square', 52.238, -0.896],
    ['Abington Park', 52.242, -0.867],
    ["Becket's Park", 52.233, -0.888],
  ],
  Reading: [
    ['Broad Street', 51.456, -0.973],
    ['Forbury Gardens', 51.457, -0.968],
    ['Palmer Park', 51.453, -0.945],
  ],
  Luton: [
    ["St George's Square", 51.879, -0.417],
    ['Wardown Park', 51.892, -0.417],
    ["People's Park", 51.887, -0.424],
  ],
  Wolverhampton: [
    ['Queen Square', 52.586, -2.129],
    ['West Park', 52.589, -2.14],
    ['East Park', 52.583, -2.103],
  ],
  Bolton: [
    ['Victoria Square', 53.578, -2.429],
    ["Queen's Park", 53.581, -2.442],
    ['Bolton Market', 53.576, -2.433],
  ],
  Aberdeen: [
    ['Union Street', 57.146, -2.099],
    ['Duthie Park', 57.132, -2.097],
    ['Union Terrace Gardens', 57.147, -2.104],
  ],
  Bournemouth: [
    ['Lower Gardens', 50.719, -1.879],
    ['The Square', 50.7205, -1.88],
    ['Meyrick Park', 50.727, -1.885],
  ],
  Norwich: [
    ['Norwich Market', 52.629, 1.292],
    ['Chapelfield Gardens', 52.626, 1.289],
    ['Riverside', 52.626, 1.306],
  ],
  Swindon: [
    ['Regent Street', 51.559, -1.781],
    ['Town Gardens', 51.552, -1.787],
    ['Queens Park', 51.56, -1.775],
  ],
  Swansea: [
    ['Castle Square', 51.62, -3.942],
    ['Swansea Market', 51.6195, -3.946],
    ['Singleton Park', 51.611, -3.982],
  ],
  'Milton Keynes': [
    ['Campbell Park', 52.044, -0.748],
    ['Midsummer Place', 52.042, -0.757],
    ['Station Square', 52.034, -0.774],
  ],
  'Southend-on-Sea': [
    ['High Street', 51.538, 0.711],
    ['Priory Park', 51.553, 0.708],
    ['Southchurch Park', 51.535, 0.733],
  ],
  Middlesbrough: [
    ['Centre Square', 54.575, -1.234],
    ['Albert Park', 54.564, -1.233],
    ['Linthorpe Road', 54.571, -1.238],
  ],
  Peterborough: [
    ['Cathedral Square', 52.572, -0.243],
    ['Central Park', 52.582, -0.247],
    ['The Embankment', 52.569, -0.239],
  ],
  Sunderland: [
    ['Mowbray Park', 54.904, -1.381],
    ['Keel Square', 54.905, -1.387],
    ['Roker Park', 54.923, -1.375],
  ],
  Warrington: [
    ['Golden Square', 53.39, -2.596],
    ['Bank Park', 53.392, -2.601],
    ['Victoria Park', 53.381, -2.577],
  ],
  Huddersfield: [
    ["St George's Square", 53.648, -1.784],
    ['Greenhead Park', 53.649, -1.798],
    ['Market Hall', 53.646, -1.783],
  ],
  Slough: [
    ['High Street', 51.511, -0.592],
    ['Salt Hill Park', 51.513, -0.609],
    ['Upton Court Park', 51.502, -0.585],
  ],
  Oxford: [
    ['Carfax', 51.7519, -1.2578],
    ['University Parks', 51.76, -1.253],
    ['Gloucester Green', 51.754, -1.262],
  ],
  York: [
    ['Parliament Street', 53.959, -1.081],
    ['Museum Gardens', 53.961, -1.088],
    ['Rowntree Park', 53.949, -1.083],
  ],
  Poole: [
    ['Poole Quay', 50.712, -1.987],
    ['Poole Park', 50.722, -1.97],
    ['Falkland Square', 50.717, -1.982],
  ],
  Ipswich: [
    ['Cornhill', 52.059, 1.155],
    ['Christchurch Park', 52.064, 1.156],
    ['Ipswich Waterfront', 52.052, 1.16],
  ],
  Telford: [
    ['Telford Town Park', 52.67, -2.445],
    ['Southwater Square', 52.676, -2.448],
    ['Telford Central Station', 52.681, -2.441],
  ],
  Cambridge: [
    ['Market Square', 52.2055, 0.119],
    ["Parker's Piece", 52.202, 0.126],
    ['Jesus Green', 52.211, 0.121],
  ],
  Dundee: [
    ['City Square', 56.46, -2.97],
    ['Slessor Gardens', 56.459, -2.968],
    ['Baxter Park', 56.469, -2.946],
  ],
  Gloucester: [
    ['Gloucester Quays', 51.859, -2.252],
    ['Gloucester Park', 51.86, -2.242],
    ['Westgate Street', 51.866, -2.247],
  ],
  Blackpool: [
    ['Talbot Square', 53.819, -3.055],
    ['Stanley Park', 53.813, -3.028],
    ['Tower Promenade', 53.816, -3.055],
  ],
  Birkenhead: [
    ['Birkenhead Park', 53.392, -3.036],
    ['Hamilton Square', 53.392, -3.014],
    ['Birkenhead Market', 53.39, -3.022],
  ],
  Watford: [
    ['High Street', 51.655, -0.396],
    ['Watford Market', 51.656, -0.393],
    ['Cassiobury Park', 51.659, -0.415],
  ],
  Colchester: [
    ['Castle Park', 51.891, 0.903],
    ['High Street', 51.8895, 0.901],
    ["St Botolph's Circus", 51.887, 0.904],
  ],
  Newport: [
    ['Belle Vue Park', 51.577, -3.002],
    ['Newport Market', 51.588, -2.995],
    ['Riverfront', 51.586, -2.994],
  ],
  Exeter: [
    ['Cathedral Green', 50.7225, -3.53],
    ['Northernhay Gardens', 50.726, -3.531],
    ['Exeter Quay', 50.718, -3.529],
  ],
  Preston: [
    ['Flag Market', 53.759, -2.701],
    ['Avenham Park', 53.754, -2.697],
    ['Moor Park', 53.773, -2.702],
  ],
  Doncaster: [
    ['Doncaster Market', 53.524, -1.136],
    ['Elmfield Park', 53.516, -1.122],
    ['Sir Nigel Gresley Square', 53.521, -1.133],
  ],
  Crawley: [
    ['Queens Square', 51.114, -0.187],
    ['Memorial Gardens', 51.112, -0.185],
    ['Goffs Park', 51.107, -0.201],
  ],
  Chelmsford: [
    ['High Street', 51.734, 0.472],
    ['Central Park', 51.733, 0.464],
    ["Admiral's Park", 51.738, 0.453],
  ],
  Basildon: [
    ['Town Square', 51.573, 0.46],
    ['Gloucester Park', 51.569, 0.46],
    ['Basildon Market', 51.574, 0.458],
  ],
};
