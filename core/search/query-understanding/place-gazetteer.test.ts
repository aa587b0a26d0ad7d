import { describe, expect, it } from 'vitest';
import { placeFromGazetteer, placesNamed } from './place-gazetteer.js';

describe('placeFromGazetteer', () => {
  it('reads a county several states share as the one far the largest', () => {
    expect(placeFromGazetteer("Last Tuesday I asked the Knox County clerk's office for paving contracts.")).toEqual({ name: 'Knox County', jurisdiction: 'tennessee' });
    expect(placeFromGazetteer('I sent a written request to Harris County twelve business days ago.')).toEqual({ name: 'Harris County', jurisdiction: 'texas' });
  });

  it('leaves a name no state stands out for unread', () => {
    expect(placeFromGazetteer('Montgomery County denied my request.')).toBeNull();
    expect(placeFromGazetteer('The Springfield police denied my request.')).toBeNull();
  });

  it("lets the question's other places choose between namesakes", () => {
    expect(placeFromGazetteer('I asked Hall County for budget records.')).toBeNull();
    expect(placeFromGazetteer('I run a newsletter in Grand Island and asked Hall County for budget records.')).toEqual({ name: 'Hall County', jurisdiction: 'nebraska' });
  });

  it('reads a city only where the question names it as a place', () => {
    expect(placeFromGazetteer('I asked the Davenport police for an old case file.')).toEqual({ name: 'Davenport', jurisdiction: 'iowa' });
    expect(placeFromGazetteer('Lincoln Public Schools denied my request.')).toEqual({ name: 'Lincoln', jurisdiction: 'nebraska' });
    expect(placeFromGazetteer('There was a shooting in Durham last weekend.')).toEqual({ name: 'Durham', jurisdiction: 'north-carolina' });
    expect(placeFromGazetteer('My colleague Durham asked for the records.')).toBeNull();
    // Months and weekdays that are also town names are no place.
    expect(placeFromGazetteer('I filed it in May and heard nothing.')).toBeNull();
  });

  it('reads "Saint" as the gazetteer spells it and drops a possessive', () => {
    expect(placeFromGazetteer("Rapid City's finance office brushed off my request.")).toEqual({ name: "Rapid City's", jurisdiction: 'south-dakota' });
    expect(placeFromGazetteer('The Saint Louis police denied it.')?.jurisdiction).toBe('missouri');
  });
});

describe('placesNamed', () => {
  it('lists the places a text names, whatever their state', () => {
    expect(placesNamed('A reporter asked the Bellevue police department and Montgomery County for files.')).toEqual(['Montgomery County', 'Bellevue']);
  });
});
