import { describe, expect, it } from 'vitest';
import { buildMentionIndex } from '../../search/query-understanding/jurisdiction-mentions.js';
import { premiseOf, statedDays } from './premise.js';
import { readQuestion, type ReadQuestion } from './read-question.js';

const index = buildMentionIndex([
  { slug: 'federal', name: 'Federal', lawName: 'Freedom of Information Act' },
  { slug: 'texas', name: 'Texas', lawName: 'Texas Public Information Act' },
  { slug: 'california', name: 'California', lawName: 'California Public Records Act' },
  { slug: 'ohio', name: 'Ohio', lawName: 'Ohio Public Records Act' },
  { slug: 'virginia', name: 'Virginia', lawName: 'Virginia Freedom of Information Act' },
  { slug: 'west-virginia', name: 'West Virginia', lawName: 'West Virginia Freedom of Information Act' },
  { slug: 'washington', name: 'Washington', lawName: 'Washington Public Records Act' },
  { slug: 'district-of-columbia', name: 'District of Columbia', lawName: 'District of Columbia Freedom of Information Act' },
]);
const CATEGORIES = ['law_enforcement', 'personnel', 'medical_health', 'library_patron', 'personal_privacy'];
const read = (text: string, extra: Partial<Parameters<typeof readQuestion>[1]> = {}) =>
  readQuestion(text, { mentionIndex: index, exemptionCategories: CATEGORIES, ...extra });

describe('readQuestion: the seven kinds', () => {
  it.each([
    ['What is the public records law in Ohio called?', 'law_name', ['ohio']],
    ['Which statute governs open records in Texas?', 'law_name', ['texas']],
    ['How long does a Texas agency have to respond to a records request?', 'deadline', ['texas']],
    ['Can fees be waived in California?', 'fee_waiver', ['california']],
    ['Can I recover attorney fees if I win in court in Texas?', 'attorney_fees', ['texas']],
    ['Do I have to be a resident of Virginia to request records?', 'residency', ['virginia']],
    ['How do I appeal a denial in West Virginia?', 'appeal_route', ['west-virginia']],
    ['Are police records exempt in Washington?', 'exemption', ['washington']],
    ['Can agencies charge for search time in Ohio?', 'search_fee', ['ohio']],
  ])('%s → %s', (text, topic, jurisdictions) => {
    expect(read(text)).toMatchObject({ topic, jurisdictions, comparison: null });
  });

  it('does not read "attorney general" as attorney fees, nor "attorney fees" as a fee waiver', () => {
    expect(read('Can I appeal to the attorney general in Texas?').topic).toBe('appeal_route');
    expect(read('Are attorney fees recoverable in Ohio?').topic).toBe('attorney_fees');
  });

  it('reads the deadline to appeal as an appeal question', () => {
    expect(read('What is the deadline to appeal a denial in Texas?').topic).toBe('appeal_route');
  });

  it.each([
    'Who reviews a records denial in Ohio, and what can I do after that?',
    'What can I do if an Ohio agency denies my written records request?',
    'Can I ask the Ohio Attorney General to review a records denial, and is there a deadline for asking?',
    'In Ohio, what must I do before suing over a public records request?',
    'Where do I go in Ohio if an agency refuses my request?',
  ])('reads "%s" as an appeal question', (text) => {
    expect(read(text).topic).toBe('appeal_route');
  });

  it('reads who may request in everyday words, closing records as exemptions, and the ruling procedure as neither', () => {
    expect(read('Can prisoners use Ohio\'s FOIA?').topic).toBe('residency');
    expect(read('Can a foreign journalist file a request with an Ohio agency?').topic).toBe('residency');
    expect(read('Can someone who lives outside Ohio inspect Ohio records?').topic).toBe('residency');
    expect(read('What kinds of records can an Ohio body close?').topic).toBe('exemption');
    expect(read('What does an Ohio agency have to send the Attorney General when it wants to withhold records?').topic).toBe('general');
    expect(read("I'm a Canadian reporter. Do I have any right to inspect Ohio public records?").topic).toBe('residency');
    expect(read('A contractor gave an Ohio agency its pricing formulas. Can the agency keep them out of public view?').topic).toBe('exemption');
    expect(read('Can the Ohio custodian cut or drop the fees for my request?').topic).toBe('fee_waiver');
    expect(read('An Ohio school district turned down my request. Where can I take it from here?').topic).toBe('appeal_route');
    expect(read("Will I get my lawyer's fees back if I win against an Ohio agency?").topic).toBe('attorney_fees');
  });

  it('reads exemption categories', () => {
    expect(read('Are police body camera videos public in Texas?')).toMatchObject({ topic: 'exemption', categories: ['law_enforcement'] });
    expect(read('Are library borrowing records confidential in Ohio?').categories).toEqual(['library_patron']);
  });

  it('reads D.C. and the federal government', () => {
    expect(read('How long do agencies in Washington, D.C. have to respond?').jurisdictions).toEqual(['district-of-columbia']);
    expect(read('How long does a U.S. government agency have to answer a FOIA request?').jurisdictions).toEqual(['federal']);
  });
});

describe('readQuestion: the sentence that asks', () => {
  it('reads the topic from the sentence that asks, not from the scene before it', () => {
    expect(read('A Texas department wants to bill me for staff time. Can they cut or drop that fee?').topic).toBe('fee_waiver');
    expect(read('Someone was arrested in Ohio two days ago. How fast must the police release the report?').topic).toBe('deadline');
    // The deadline asked after a denial is the deadline to challenge it.
    expect(read('A Texas officer denied my written request. What are my options, and is there a deadline?').topic).toBe('appeal_route');
    // A sentence that asks nothing of a topic leaves the whole question's.
    expect(read('I live in Ohio and want Texas records. Can I get them?').topic).toBe('residency');
    // Secrecy in the scene is why the agency must act; the records it names are asked for only when the asking sentence asks for access.
    expect(read('I asked a Texas school district for a report, and they want to keep part of it secret. What are they required to do, and by when?').topic).toBe('deadline');
    expect(read('I sent an Ohio city a written request for the police union contract. Does that silence count as a denial?').topic).toBe('general');
    expect(read('A nurse at an Ohio county hospital kept my medical records. Can I get them through a public records request?').topic).toBe('exemption');
    // The copy charge is asked after the waiver: "Can they waive copying fees?" asks for a waiver.
    expect(read('Can I email my request to an Ohio city clerk? And what are they allowed to charge me for copies?').topic).toBe('search_fee');
    expect(read('Can a Washington agency waive copying fees?').topic).toBe('fee_waiver');
  });

  it('matches facts against the sentence that asks only when that sentence set the topic', async () => {
    const { askedPart } = await import('./question-topics.js');
    expect(askedPart('A department wants to bill me for staff time. Can they cut or drop that fee?')).toBe('Can they cut or drop that fee?');
    const scene = 'An Iowa agency says it must decide whether a record is confidential. How long can it take?';
    expect(askedPart(scene)).toBe(scene);
  });

  it('reads "hold back" as withholding', () => {
    expect(read("Can a federal agency still hold back the internal memos as 'deliberative process' under FOIA?").topic).toBe('exemption');
  });

  it('reads an outsider by nationality as a question of who may request, and "officially called" as the law\'s name', () => {
    expect(read("I'm a Canadian researcher. Am I even allowed to examine Texas state records?").topic).toBe('residency');
    expect(read("Is Ohio's records law officially called the Public Records Act?").topic).toBe('law_name');
  });
});

describe('readQuestion: comparisons', () => {
  it('compares across all jurisdictions, with the aim of the question', () => {
    expect(read('Which states require residency to request records?')).toMatchObject({ topic: 'residency', jurisdictions: [], comparison: 'yes' });
    expect(read("Which states don't allow fee waivers?")).toMatchObject({ topic: 'fee_waiver', comparison: 'no' });
    expect(read('Which state has the shortest response deadline?')).toMatchObject({ topic: 'deadline', comparison: 'shortest' });
    expect(read('Compare attorney fee recovery across all 50 states')).toMatchObject({ topic: 'attorney_fees', comparison: 'table' });
  });

  it('compares two named jurisdictions', () => {
    expect(read('Compare the response deadlines of Texas and Ohio')).toMatchObject({ jurisdictions: ['texas', 'ohio'], comparison: 'table' });
  });

  it('answers a structured question without a jurisdiction across all of them', () => {
    expect(read('How long do agencies have to respond?')).toMatchObject({ topic: 'deadline', jurisdictions: [], comparison: 'table' });
  });

  it("does not answer the asker's own case, or a place it cannot place, with every state's rule", () => {
    expect(read("Montgomery County's records officer denied my written request. What's my deadline to challenge that?")).toMatchObject({ jurisdictions: [], comparison: null });
    expect(read('The Springfield school department blew past the deadline. Do I owe the search fee?')).toMatchObject({ jurisdictions: [], comparison: null });
    expect(read('Which state has the shortest response deadline?').comparison).toBe('shortest');
  });

  it('reads a city name several states share as the best-known place, only as a place, and says so', () => {
    // The test index knows Texas among others; the prominent map names Austin as Texas.
    expect(read('Austin city council members deleted their texts. How long does the city have to answer my request?')).toMatchObject({ jurisdictions: ['texas'], assumedPlace: { name: 'Austin', jurisdiction: 'texas' } });
    expect(read('My friend Austin asked the county for records. How long do they have?').assumedPlace).toBeUndefined();
    expect(read('Austin police in Ohio denied my request').assumedPlace).toBeUndefined();
  });

  it('reads a county or city the gazetteer holds as the state whose place of that name is far the largest, and says so', () => {
    expect(read("Pennington County's records officer denied my written request. What's my deadline to challenge that?")).toMatchObject({ jurisdictions: ['south-dakota'], assumedPlace: { name: 'Pennington County', jurisdiction: 'south-dakota' } });
    expect(read('I asked the Davenport police for an old case file. How long can they take?').assumedPlace).toEqual({ name: 'Davenport', jurisdiction: 'iowa' });
    // Hall County is Georgia's and Nebraska's; Grand Island says which.
    expect(read('I run a newsletter in Grand Island and asked Hall County for budget records. Can they waive the fee?').jurisdictions).toEqual(['nebraska']);
    expect(read('I asked Hall County for budget records. Can they waive the fee?').jurisdictions).toEqual([]);
    // A person's name or a word is no place: only a civic word or "in", "City of" make one.
    expect(read('My friend Brookings asked the agency for records. How long do they have?').jurisdictions).toEqual([]);
    expect(read('How long does a UK council, say Manchester City Council, have to answer a Freedom of Information request?').jurisdictions).toEqual([]);
    // A law named only by an acronym many laws share gives way to the place; where the asker works is not the place asked about.
    expect(read('If I send a FOIA request to the Wayne County Treasurer, is there any break on the fee?').jurisdictions).toEqual(['michigan']);
    expect(read("I run a small watchdog blog out of Spokane, Washington. If I send a public records request to the City of Coeur d'Alene, will it cost me more?").jurisdictions).toEqual(['idaho']);
  });

  it('reads a federal agency as federal law wherever its office is', () => {
    expect(read("I filed a FOIA request with the EPA's regional office in Denver. How long does the agency have?").jurisdictions).toEqual(['federal']);
    expect(read('The state Department of Health and Human Services denied my request. How long do I have to appeal?').jurisdictions).toEqual([]);
  });

  it('sets aside where the asker lives with its city, a foreign law that shares a name, and reads "in court" as the way to challenge', () => {
    expect(read("I live in Seattle, Washington, and asked an Ohio agency for records. How long do they have?").jurisdictions).toEqual(['ohio']);
    expect(read("I live just across the state line in Seattle, Washington. Can I use Ohio's public records law?").jurisdictions).toEqual(['ohio']);
    expect(read("I'm a reporter in Seattle, Washington. Can I request public records from an Ohio city, or is that only for Ohio residents?").jurisdictions).toEqual(['ohio']);
    expect(read('How many working days does a public authority in the United Kingdom have under the Freedom of Information Act 2000?').jurisdictions).toEqual([]);
    expect(read('What does the Freedom of Information Act give a federal agency to answer?').jurisdictions).toEqual(['federal']);
    expect(read('What can I do about it in court under Ohio law?').topic).toBe('appeal_route');
    expect(read("I'm based in Atlanta. Can I use Ohio's public records law to inspect police records?").topic).toBe('residency');
    // Where the asker lives, however put, is context; the city's own state is asked about (the test index knows Texas).
    expect(read('I live across the river in Vancouver, Washington. Am I allowed to inspect City of Austin records, or is that only for Texans?')).toMatchObject({
      topic: 'residency',
      jurisdictions: ['texas'],
    });
  });

  it('names the place it could not place, to ask which state it is in', async () => {
    const { unplacedPlace } = await import('./read-question.js');
    expect(unplacedPlace("Pennington County's records officer denied my written request.")).toBe('Pennington County');
    expect(unplacedPlace('Savannah city hall is stonewalling my request.')).toBe('Savannah');
    expect(unplacedPlace('Can I take my Montgomery County complaint to the board?')).toBe('Montgomery County');
    expect(unplacedPlace('How long does an agency have to answer my request?')).toBeNull();
  });
});

describe('readQuestion: the conversation\'s words', () => {
  it('keeps the previous question\'s words for a question that continues it, and none for a new one', () => {
    const first = read('I want my own file from a Texas agency. How long do they have?');
    expect(read('Can they drag it out past that?', { previous: first }).context).toBe(first.text);
    expect(read('How long does an Ohio agency have?', { previous: first }).context).toBeUndefined();
  });

  it('reads "What about …?" as continuing the previous question, however long', () => {
    const first = read('Is the basic arrest information public in Texas?');
    expect(read("What about the rest of the detectives' file while the case is still open?", { previous: first })).toMatchObject({ topic: 'exemption', jurisdictions: ['texas'] });
  });
});

describe('readQuestion: premises and follow-ups', () => {
  it('reads a stated deadline as a premise to check', () => {
    expect(read('What is the 3-day deadline in California?').premise).toEqual({ field: 'deadline', days: 3, unit: null });
    expect(read('Is it ten business days in Texas?').premise).toEqual({ field: 'deadline', days: 10, unit: 'business' });
  });

  it('reads presupposed rules, with their polarity', () => {
    expect(read("Why can't I recover attorney fees in Texas?").premise).toEqual({ field: 'attorney_fees_recoverable', value: false });
    expect(read('Since Ohio requires residency, how do I ask from out of state?').premise).toEqual({ field: 'residency_required', value: true });
    expect(read('Can I recover attorney fees in Texas?').premise).toBeNull();
  });

  it('continues the previous question in a short follow-up', () => {
    const previous = read('How long does a Texas agency have to respond?');
    expect(read('And in Ohio?', { previous })).toMatchObject({ topic: 'deadline', jurisdictions: ['ohio'] });
    expect(read('What about appeals?', { previous })).toMatchObject({ topic: 'appeal_route', jurisdictions: ['texas'] });
  });

  it('keeps the conversation\'s place in a longer follow-up, which asks a question of its own, unless it names a new place', () => {
    const previous = read('How do I appeal a denied records request in Texas?');
    const next = read('What if the agency never asked the Attorney General for a ruling within that time?', { previous });
    expect(next).toMatchObject({ topic: 'general', jurisdictions: ['texas'] });
    expect(read('Can a California agency extend its time?', { previous }).jurisdictions).toEqual(['california']);
    expect(read('Which states require residency to request records?', { previous }).jurisdictions).toEqual([]);
  });

  it('sets aside places named only as context: where the asker lives, a city named after a state, a shared law name', () => {
    expect(read('I live in California. Can I request records from a Texas agency?').jurisdictions).toEqual(['texas']);
    expect(read("I'm from Ohio; how long does a Washington agency have to respond?").jurisdictions).toEqual(['washington']);
    expect(read('A Virginia City reporter asks: how long does a Washington agency have to respond?').jurisdictions).toEqual(['washington']);
    expect(read('Can a Texas city be sued for violating the Freedom of Information Act?').jurisdictions).toEqual(['texas']);
    expect(read('How do the deadlines of Texas and Ohio compare?').jurisdictions).toEqual(['texas', 'ohio']);
    expect(read('I live in Ohio. What is the deadline?').jurisdictions).toEqual(['ohio']);
    expect(read("I'm a researcher based in Ohio. Can I request Texas public records?").jurisdictions).toEqual(['texas']);
    expect(read('A reporter based out of California wants Virginia police reports. Are they public?').jurisdictions).toEqual(['virginia']);
  });

  it('uses the jurisdictions given with the request', () => {
    expect(read('How long do they have to respond?', { requested: ['ohio'] }).jurisdictions).toEqual(['ohio']);
  });
});

describe('statedDays and premiseOf', () => {
  it('reads digits, words, hyphens and units', () => {
    expect(statedDays('a 3-day deadline')).toEqual({ days: 3, unit: null });
    expect(statedDays('twenty working days')).toEqual({ days: 20, unit: 'business' });
    expect(statedDays('10 calendar days')).toEqual({ days: 10, unit: 'calendar' });
    expect(statedDays('no number here')).toBeNull();
    // A letter or notice due in some days is not the deadline to answer.
    expect(statedDays('They never sent a three-day letter and I have heard nothing since.')).toBeNull();
  });

  it('reads "no deadline" as a premise, and outsiders for residency', () => {
    expect(premiseOf('Why does Texas have no deadline?', 'deadline')).toEqual({ field: 'no_deadline' });
    expect(premiseOf("Why doesn't Ohio allow out-of-state requesters?", 'residency')).toEqual({ field: 'residency_required', value: true });
  });
});

// The type is part of the interface the conversation store keeps; a compile-time check that it stays JSON.
const _json: ReadQuestion = JSON.parse(JSON.stringify(read('Can fees be waived in Texas?')));
void _json;

describe('questionParts', () => {
  it('splits a question that asks several things into parts with their own topics', async () => {
    const { questionParts } = await import('./question-topics.js');
    const topics = (q: string) => questionParts(q).map((p) => p.topic);
    expect(topics('How long does a federal agency have to answer a FOIA request, and how long do I get to appeal if it says no?')).toEqual(['deadline', 'appeal_route']);
    expect(topics("Who can use Virginia's FOIA, and how quickly must a public body respond?")).toEqual(['residency', 'deadline']);
    expect(topics('How long does an agency in Texas have to respond?')).toEqual(['deadline']);
    // The deadline of "… appeal, and what is the deadline?" is the appeal's own.
    expect(topics('How do I appeal a denial and what is the deadline?')).toEqual(['appeal_route']);
    expect(topics("Can a newspaper sue a Texas agency, in which court, and will it get its lawyer's fees back if it wins?")).toEqual(['appeal_route', 'attorney_fees']);
    expect(topics('Can a Texas agency waive the fees on my request, and at what point does it start charging for staff time?')).toEqual(['fee_waiver', 'search_fee']);
  });
});

describe('exemption questions in everyday words', () => {
  it('reads "is X public?" about records an exemption category covers as an exemption question', () => {
    expect(read('Are 911 call recordings public in Texas?')).toMatchObject({ topic: 'exemption', categories: ['law_enforcement'] });
    expect(read("Can a Texas city refuse to release an employee's personnel file?")).toMatchObject({ topic: 'exemption', categories: ['personnel'] });
    expect(read('When must a Texas agency release the records I asked for?').topic).not.toBe('exemption');
    // "Is there …?" asks whether a rule exists, not whether a record is public.
    expect(read('Is there a set number of days a Texas agency has to give me copies of public records?').topic).toBe('deadline');
  });

  it('reads "I live in …" as residency only when nothing more specific is asked', () => {
    expect(read('I live in Ohio. How long does a Texas agency have to answer, and can it take longer?').topic).toBe('deadline');
    expect(read('I live in Ohio. Can I make a Texas Public Information Act request?').topic).toBe('residency');
  });
});

