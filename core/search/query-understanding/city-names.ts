/**
 * Cities people name instead of their state ("Providence police", "a Chicago alderman's
 * e-mails"): the largest cities and the capitals whose names belong to one state only.
 * Names shared by several states or counties (Portland, Springfield, Columbia, Jackson,
 * Charleston, Rochester, Aurora, Fayetteville, Montgomery) and common words or first names
 * (Mobile, Buffalo, Madison, Austin, Lincoln, Charlotte, Savannah, Helena) are left out: a wrong
 * state would answer with the wrong law. Counties are named in full ("Maricopa County",
 * "Calcasieu Parish", "Kenai Peninsula Borough") and only when no other state has a county of that
 * name (no Cook, Harris, Jefferson or Montgomery County) nor a place whose name holds the phrase
 * ("Carson County" is inside Colorado's "Kit Carson County"). The longest name wins, so a place
 * named after another state's city is listed to claim it ("West Memphis", "Oakland County"), and
 * a city's name before "County" that is not listed so names no state ("Houston County" is in
 * Georgia and Alabama too).
 */
export const CITIES: Readonly<Record<string, readonly string[]>> = {
  alabama: [
    'Birmingham', 'Huntsville', 'Tuscaloosa', 'Dothan', 'Anniston', 'Opelika', 'Prattville', 'Phenix City', 'Vestavia Hills',
    'Mobile County', 'Tuscaloosa County', 'Etowah County', 'Autauga County', 'Cullman County', 'Talladega County', 'Colbert County',
  ],
  alaska: [
    'Anchorage', 'Juneau', 'Fairbanks', 'Wasilla', 'Ketchikan', 'Sitka', 'Kodiak', 'Kenai', 'Utqiagvik', 'Kotzebue', 'Mat-Su',
    'Matanuska-Susitna Borough', 'Kenai Peninsula Borough', 'Fairbanks North Star Borough', 'North Slope Borough', 'Kodiak Island Borough',
    'Ketchikan Gateway Borough', 'Northwest Arctic Borough', 'Denali Borough',
  ],
  arizona: [
    'Phoenix', 'Tucson', 'Scottsdale', 'Tempe', 'Flagstaff', 'Sedona', 'Lake Havasu City', 'Bullhead City', 'Casa Grande',
    'Maricopa County', 'Pima County', 'Pinal County', 'Yavapai County', 'Mohave County', 'Coconino County', 'Cochise County', 'Navajo County',
    'Apache County', 'Gila County',
  ],
  arkansas: [
    'Little Rock', 'North Little Rock', 'Fort Smith', 'Bentonville', 'Pine Bluff', 'West Memphis',
    'Sebastian County', 'Faulkner County', 'Craighead County', 'Garland County', 'Lonoke County',
  ],
  california: [
    'Los Angeles', 'L.A.', 'LA County', 'San Francisco', 'San Diego', 'Sacramento', 'Oakland', 'San Jose', 'Fresno', 'Long Beach', 'Bakersfield', 'Anaheim',
    'Santa Ana', 'Stockton', 'Chula Vista', 'San Bernardino', 'Modesto', 'Santa Monica', 'Santa Barbara', 'Santa Fe Springs',
    'Los Angeles County', 'San Diego County', 'Alameda County', 'Contra Costa County', 'Santa Clara County', 'Sacramento County',
    'San Bernardino County', 'Riverside County', 'Fresno County', 'Kern County', 'Ventura County', 'San Mateo County', 'Sonoma County',
    'Marin County', 'Monterey County',
  ],
  colorado: [
    'Denver', 'Fort Collins', 'Arvada', 'Longmont', 'Grand Junction', 'Steamboat Springs',
    'Denver County', 'Arapahoe County', 'Larimer County', 'Boulder County', 'Weld County', 'Pueblo County', 'Mesa County', 'Broomfield County',
    'Pitkin County', 'La Plata County',
  ],
  connecticut: [
    'Hartford', 'New Haven', 'Bridgeport', 'Stamford', 'Waterbury', 'Danbury', 'New Britain',
    'Hartford County', 'New Haven County', 'New London County', 'Litchfield County', 'Tolland County',
  ],
  delaware: ['Rehoboth Beach', 'New Castle County'],
  florida: [
    'Miami', 'Tampa', 'Orlando', 'Tallahassee', 'Jacksonville', 'St. Petersburg', 'Fort Lauderdale', 'Hialeah', 'Cape Coral', 'Port St. Lucie',
    'Port Saint Lucie', 'West Palm Beach', 'Boca Raton', 'Pensacola', 'Sarasota', 'Fort Myers', 'Daytona Beach', 'Key West', 'Oakland Park',
    'Miami-Dade County', 'Broward County', 'Palm Beach County', 'Pinellas County', 'Brevard County', 'Volusia County', 'Pasco County',
    'Sarasota County', 'Manatee County', 'Collier County', 'Alachua County', 'St. Lucie County',
  ],
  georgia: [
    'Atlanta', 'Sandy Springs', 'Johns Creek', 'Warner Robins', 'Alpharetta', 'Valdosta', 'Dunwoody', 'Peachtree City',
    'Gwinnett County', 'Cobb County', 'Muscogee County', 'Coweta County', 'Glynn County', 'Rockdale County', 'Dougherty County', 'Whitfield County',
    'Bartow County',
  ],
  hawaii: [
    'Honolulu', 'Hilo', 'Kailua', 'Kaneohe', 'Pearl City', 'Lahaina', 'Waikiki', 'Maui', 'Oahu', 'Kauai',
    'Honolulu County', 'Maui County', 'Kauai County',
  ],
  idaho: [
    'Boise', 'Coeur d’Alene', "Coeur d'Alene", 'Nampa', 'Pocatello', 'Twin Falls', 'Sandpoint',
    'Ada County', 'Canyon County', 'Kootenai County', 'Bonneville County', 'Bannock County', 'Twin Falls County', 'Latah County',
  ],
  illinois: [
    'Chicago', 'Rockford', 'Joliet', 'Naperville', 'Waukegan', 'Schaumburg', 'Bolingbrook', 'Skokie', 'East St. Louis', 'East Saint Louis',
    'DuPage County', 'Sangamon County', 'Peoria County', 'Rock Island County', 'Kankakee County',
  ],
  indiana: [
    'Indianapolis', 'Fort Wayne', 'South Bend', 'Evansville', 'Muncie', 'Terre Haute', 'Kokomo', 'Elkhart', 'Noblesville', 'East Chicago',
    'Elkhart County', 'Tippecanoe County', 'Vanderburgh County', 'Porter County', 'Hendricks County', 'Vigo County', 'LaPorte County',
  ],
  iowa: [
    'Des Moines', 'Cedar Rapids', 'Sioux City', 'Council Bluffs', 'Dubuque', 'Ankeny', 'Urbandale',
    'Black Hawk County', 'Woodbury County', 'Dubuque County', 'Pottawattamie County', 'Muscatine County',
  ],
  kansas: [
    'Wichita', 'Topeka', 'Overland Park', 'Olathe', 'Lenexa', 'Dodge City',
    'Shawnee County', 'Wyandotte County', 'Leavenworth County', 'Riley County', 'Reno County', 'Finney County',
  ],
  kentucky: [
    'Louisville', 'Frankfort', 'Owensboro', 'Hopkinsville', 'Paducah', 'Nicholasville',
    'Kenton County', 'McCracken County', 'Bullitt County', 'Jessamine County', 'Laurel County', 'Boyle County',
  ],
  louisiana: [
    'New Orleans', 'Baton Rouge', 'Shreveport', 'Metairie', 'Lake Charles', 'Bossier City', 'Kenner', 'Houma', 'Slidell', 'Thibodaux',
    'East Baton Rouge Parish', 'St. Tammany Parish', 'Calcasieu Parish', 'Bossier Parish', 'Rapides Parish', 'Terrebonne Parish', 'Tangipahoa Parish',
    'Lafourche Parish', 'Plaquemines Parish', 'Iberia Parish', 'Jefferson Parish', 'Orleans Parish', 'Caddo Parish',
  ],
  maine: [
    'Biddeford', 'South Portland', 'Kennebunkport', 'Bar Harbor',
    'Androscoggin County', 'Aroostook County', 'Kennebec County', 'Penobscot County', 'Sagadahoc County', 'Piscataquis County', 'Waldo County',
  ],
  maryland: [
    'Baltimore', 'Annapolis', 'Silver Spring', 'Gaithersburg', 'Hagerstown', 'Ellicott City', 'Towson', 'Glen Burnie', 'Takoma Park',
    'Baltimore County', "Prince George's County", 'Prince Georges County', 'Anne Arundel County', 'Harford County', 'Wicomico County', 'Cecil County',
    'Calvert County', "St. Mary's County",
  ],
  massachusetts: [
    'Boston', 'Worcester', 'New Bedford', 'Brockton', 'Framingham', 'Waltham', 'Chicopee', 'Cape Cod', 'Nantucket',
    'Norfolk County', 'Hampden County', 'Barnstable County', 'Berkshire County', 'Dukes County',
  ],
  michigan: [
    'Detroit', 'Lansing', 'Grand Rapids', 'Ann Arbor', 'Sterling Heights', 'Flint', 'Livonia', 'Kalamazoo', 'Traverse City', 'Ypsilanti',
    'Southfield',
    'Oakland County', 'Macomb County', 'Washtenaw County', 'Ingham County', 'Kalamazoo County', 'Saginaw County', 'Muskegon County', 'Allegan County',
  ],
  minnesota: [
    'Minneapolis', 'St. Paul', 'Saint Paul', 'Duluth', 'Maple Grove', 'Eden Prairie', 'Minnetonka', 'Edina', 'Mankato', 'Moorhead',
    'East Grand Forks', 'St. Louis Park', 'Saint Louis Park', 'Brooklyn Center',
    'Hennepin County', 'Anoka County', 'Olmsted County', 'Stearns County', 'Carver County', 'Blue Earth County', 'Sherburne County', 'Itasca County',
    'Crow Wing County', 'Otter Tail County',
  ],
  mississippi: [
    'Biloxi', 'Gulfport', 'Hattiesburg', 'Southaven', 'Tupelo', 'Olive Branch', 'Starkville', 'Natchez', 'Pascagoula', 'Bay St. Louis',
    'Bay Saint Louis',
    'Hinds County', 'Rankin County', 'Forrest County', 'Oktibbeha County', 'Neshoba County', 'Pearl River County', 'Coahoma County',
  ],
  missouri: [
    'St. Louis', 'Saint Louis', 'Jefferson City', 'Lee’s Summit', "Lee's Summit", 'Cape Girardeau',
    'Cole County', 'Cape Girardeau County', 'Callaway County', 'Taney County', 'Pettis County',
  ],
  montana: [
    'Billings', 'Missoula', 'Bozeman', 'Kalispell',
    'Yellowstone County', 'Missoula County', 'Flathead County', 'Cascade County', 'Lewis and Clark County', 'Ravalli County', 'Silver Bow County',
  ],
  nebraska: ['Omaha', 'North Platte', 'Scottsbluff', 'Papillion', 'South Sioux City', 'Sarpy County', 'Scotts Bluff County'],
  nevada: [
    'Las Vegas', 'Reno', 'Carson City', 'Summerlin', 'Pahrump', 'Boulder City',
    'Washoe County', 'Elko County', 'Nye County', 'Churchill County',
  ],
  'new-hampshire': ['Nashua', 'Laconia', 'Merrimack County', 'Strafford County', 'Grafton County', 'Belknap County'],
  'new-jersey': [
    'Newark', 'Trenton', 'Jersey City', 'Toms River', 'Passaic', 'Hoboken', 'Atlantic City', 'Hackensack', 'Asbury Park',
    'Bergen County', 'Hudson County', 'Monmouth County', 'Ocean County', 'Passaic County', 'Burlington County', 'Atlantic County', 'Cape May County',
    'Hunterdon County',
  ],
  'new-mexico': [
    'Albuquerque', 'Santa Fe', 'Las Cruces', 'Rio Rancho', 'Taos', 'Los Alamos', 'Alamogordo',
    'Bernalillo County', 'Doña Ana County', 'Dona Ana County', 'Santa Fe County', 'Sandoval County', 'Valencia County', 'Chaves County',
    'McKinley County',
  ],
  'new-york': [
    'Brooklyn', 'Syracuse', 'Yonkers', 'Queens', 'Bronx', 'Staten Island', 'Long Island', 'Schenectady', 'Binghamton', 'Poughkeepsie', 'New Rochelle',
    'Westchester County', 'Onondaga County', 'Dutchess County', 'Rockland County', 'Ulster County', 'Niagara County', 'Saratoga County',
    'Tompkins County', 'Broome County', 'Rensselaer County',
  ],
  'north-carolina': [
    'Raleigh', 'Greensboro', 'Winston-Salem', 'High Point', 'Asheville', 'Chapel Hill', 'Gastonia',
    'Wake County', 'Guilford County', 'Buncombe County', 'New Hanover County', 'Gaston County', 'Cabarrus County', 'Onslow County', 'Iredell County',
    'Alamance County',
  ],
  'north-dakota': ['Fargo', 'Bismarck', 'Grand Forks', 'Minot', 'Mandan', 'Burleigh County', 'Stutsman County', 'McKenzie County', 'Billings County'],
  ohio: [
    'Cleveland', 'Cincinnati', 'Toledo', 'Akron', 'Youngstown', 'Lorain', 'Elyria', 'Cuyahoga Falls', 'Shaker Heights',
    'Cuyahoga County', 'Lorain County', 'Mahoning County', 'Trumbull County', 'Licking County', 'Clermont County', 'Geauga County',
    'Ashtabula County',
  ],
  oklahoma: [
    'Tulsa', 'Broken Arrow', 'Muskogee', 'Bartlesville', 'Owasso', 'El Reno',
    'Tulsa County', 'Rogers County', 'Wagoner County', 'Payne County', 'Muskogee County', 'McClain County',
  ],
  oregon: [
    'Beaverton', 'Corvallis', 'Tigard', 'Lake Oswego', 'Klamath Falls', 'Grants Pass',
    'Multnomah County', 'Clackamas County', 'Deschutes County', 'Josephine County', 'Klamath County', 'Yamhill County', 'Umatilla County',
    'Clatsop County', 'Tillamook County',
  ],
  pennsylvania: [
    'Philadelphia', 'Pittsburgh', 'Harrisburg', 'Allentown', 'Scranton', 'Wilkes-Barre', 'Norristown', 'King of Prussia',
    'Allegheny County', 'Bucks County', 'Berks County', 'Lehigh County', 'Luzerne County', 'Dauphin County', 'Lackawanna County', 'Centre County',
    'Schuylkill County',
  ],
  'rhode-island': ['Providence', 'Cranston', 'Warwick', 'Pawtucket', 'East Providence', 'Woonsocket', 'Narragansett', 'Newport County'],
  'south-carolina': [
    'North Charleston', 'Rock Hill', 'Spartanburg', 'Myrtle Beach', 'Hilton Head', 'Clemson',
    'Greenville County', 'Charleston County', 'Horry County', 'Spartanburg County', 'Lexington County', 'Aiken County', 'Orangeburg County',
  ],
  'south-dakota': [
    'Sioux Falls', 'Rapid City', 'Yankton', 'Spearfish', 'North Sioux City',
    'Minnehaha County', 'Brookings County', 'Codington County', 'Yankton County', 'Davison County', 'Beadle County',
  ],
  tennessee: [
    'Nashville', 'Memphis', 'Knoxville', 'Chattanooga', 'Murfreesboro', 'Kingsport', 'Collierville', 'Cookeville', 'Gatlinburg',
    'Maury County', 'Hamblen County', 'Dickson County', 'Cheatham County', 'Hawkins County',
  ],
  texas: [
    'Houston', 'Dallas', 'San Antonio', 'El Paso', 'Fort Worth', 'Corpus Christi', 'Laredo', 'Lubbock', 'Amarillo', 'Grand Prairie', 'McAllen',
    'Killeen', 'Wichita Falls', 'Galveston', 'Fort Stockton',
    'Bexar County', 'Tarrant County', 'Travis County', 'Collin County', 'Denton County', 'Fort Bend County', 'Galveston County', 'Brazoria County',
    'Nueces County', 'Lubbock County', 'McLennan County', 'Hays County', 'Webb County',
  ],
  utah: [
    'Salt Lake City', 'Provo', 'West Valley City', 'West Jordan', 'Orem', 'South Jordan', 'Lehi', 'Moab',
    'Salt Lake County', 'Weber County', 'Cache County', 'Tooele County', 'Box Elder County',
  ],
  vermont: [
    'Montpelier', 'South Burlington', 'Brattleboro', 'Winooski', 'Essex Junction',
    'Chittenden County', 'Windsor County', 'Bennington County', 'Addison County', 'Lamoille County', 'Caledonia County',
  ],
  virginia: [
    'Norfolk', 'Virginia Beach', 'Newport News', 'Charlottesville', 'Manassas', 'Reston', 'Blacksburg', 'Harrisonburg',
    'Fairfax County', 'Prince William County', 'Loudoun County', 'Henrico County', 'Arlington County', 'Spotsylvania County', 'Albemarle County',
    'Hanover County', 'Roanoke County',
  ],
  washington: [
    'Seattle', 'Spokane', 'Tacoma', 'Olympia', 'Renton', 'Yakima', 'Kennewick', 'Walla Walla', 'Wenatchee', 'Bremerton',
    'Snohomish County', 'Spokane County', 'Kitsap County', 'Yakima County', 'Whatcom County', 'Skagit County', 'Cowlitz County', 'Chelan County',
    'Clallam County',
  ],
  'west-virginia': [
    'Morgantown', 'Beckley', 'Parkersburg', 'Martinsburg', 'Shepherdstown',
    'Kanawha County', 'Cabell County', 'Monongalia County', 'Raleigh County', 'Greenbrier County', 'Mingo County',
  ],
  wisconsin: [
    'Milwaukee', 'Green Bay', 'Kenosha', 'Racine', 'Waukesha', 'Eau Claire', 'Oshkosh', 'Sheboygan', 'Wauwatosa', 'Janesville',
    'Milwaukee County', 'Dane County', 'Waukesha County', 'Racine County', 'Kenosha County', 'Outagamie County', 'Marathon County',
    'Sheboygan County', 'La Crosse County', 'Eau Claire County', 'Juneau County',
  ],
  wyoming: ['Cheyenne', 'Laramie', 'Rock Springs', 'Jackson Hole', 'Laramie County', 'Natrona County', 'Sweetwater County', 'Uinta County'],
};

/**
 * Names several states share (or that are also first names and words), each with the state
 * where the place of that name is by far the best known (a capital or a city several times the
 * size of its namesakes): Savannah, Georgia; Jackson, Mississippi; Portland, Oregon. Names
 * whose namesakes are as large (Springfield, Burlington, Concord, Charleston, Columbia,
 * Fayetteville) are not guessed. A reader takes "Savannah city hall" to be in Georgia; the
 * assistant may too, but only with a civic word right after the name ("city hall", "police",
 * "city council", "school district") or "City of" before it, and it says so in its answer.
 */
export const PROMINENT_CITIES: Readonly<Record<string, string>> = {
  Savannah: 'georgia',
  Jackson: 'mississippi',
  Charlotte: 'north-carolina',
  Portland: 'oregon',
  Madison: 'wisconsin',
  Austin: 'texas',
  Buffalo: 'new-york',
  Rochester: 'new-york',
  'Kansas City': 'missouri',
  Mobile: 'alabama',
  Lincoln: 'nebraska',
  Helena: 'montana',
  Richmond: 'virginia',
  Salem: 'oregon',
  Dover: 'delaware',
  Columbus: 'ohio',
  Lexington: 'kentucky',
  Montgomery: 'alabama',
  Durham: 'north-carolina',
  Casper: 'wyoming',
  Mesa: 'arizona',
  Manhattan: 'new-york',
};
