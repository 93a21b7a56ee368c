/**
 * Steps 3–6 of the NFC onboarding (issue 19 §1) on both databases: the organisation (one of the
 * user's, or a new one), the placement, the terms and the activation that starts the trial, each
 * surviving a reload; the refusals (unknown tag, "Device not supported", already activated, a
 * Reader, another organisation's organisation, location or group, a position off the map, terms
 * not accepted or of another version), none of which changes a row; the trial job with a clock of
 * the test's, mailing its warning through a real SMTP server in this process and ending the trial.
 */
import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import {
  ONBOARDING_ERROR_CODES,
  TERMS_VERSION,
  TRIAL_DAYS,
  USER_TYPES,
  type AdminTrial,
  type OnboardingActivation,
  type OnboardingFlow,
  type OnboardingPlace,
  type UnitDetails,
} from '@fieldwatch/shared';
import { appContext } from '../src/app';
import {
  auditLog,
  containers,
  nfcTags,
  onboardings,
  organizationSettings,
  organizations,
  sessions,
  termsAcceptances,
  unitTrials,
  units,
  userOrganizations,
  users,
} from '../src/db/schema';
import { hashPassword } from '../src/modules/auth/passwords';
import { runTrialRound } from '../src/modules/onboarding/trial';
import { DEMO_PASSWORD, DEMO_TAGS } from '../src/seed/fleet';
import { decodeHeader, startSmtpSink } from './mail-helpers';
import { addUser, DRIVERS, fingerprintDiff, login, startDemo, tableFingerprint, type DemoServer } from './helpers';

jest.setTimeout(120_000);

const NOWHERE = 987_654_321;
const DAY = 86_400_000;
const flowUrl = (tag: string, part = '') => `/api/v3/onboarding/flow/${tag}${part}`;

const newOrg = {
  companyName: 'Fjord Pumps ApS',
  companyAddress: 'Havnegade 4',
  companyZip: '5000',
  companyCity: 'Odense',
  organisationNumber: 'DK12345678',
  contactName: 'Mads Jensen',
  contactEmail: 'mads@fjordpumps.example',
  phone: '+45 20 30 40 50',
};

describe.each(DRIVERS)('NFC onboarding steps 3–6 on %s', (driver) => {
  let d: DemoServer;
  let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
  /** A tag of a unit in stock (not activated), added for this file. */
  let stockTags: string[];

  const call = (method: 'GET' | 'PUT' | 'POST', url: string, cookie: string, payload?: object) =>
    d.s.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
  const data = <T>(res: LightMyRequestResponse): T => {
    if (res.statusCode >= 300) throw new Error(`${res.statusCode} ${res.body}`);
    return res.json<{ data: T }>().data;
  };
  const refused = (res: LightMyRequestResponse, status: number, code: keyof typeof ONBOARDING_ERROR_CODES) => {
    expect({ status: res.statusCode, code: res.json<{ code: string }>().code }).toEqual({ status, code: ONBOARDING_ERROR_CODES[code] });
    expect(res.json<{ message: string }>().message.length).toBeGreaterThan(20);
  };
  const db = () => d.s.db.db;

  /** A unit of the organisation in stock, carrying a new tag (not activated). */
  async function stockUnit(org: number, tag: string, type = 11): Promise<number> {
    const [u] = await db().insert(units).values({ organizationId: org, name: `Stock ${tag}`, type }).returning({ id: units.id });
    await db().insert(nfcTags).values({ tagUuid: tag, unitId: u!.id, activatedAt: null });
    return u!.id;
  }

  beforeAll(async () => {
    smtp = await startSmtpSink();
    d = await startDemo(driver, { smtpUrl: smtp.url, mailFrom: 'Fieldwatch Test <fw@test.example>' });
    stockTags = ['a0000000-0000-4000-8000-000000000001', 'a0000000-0000-4000-8000-000000000002', 'a0000000-0000-4000-8000-000000000003'];
    for (const t of stockTags) await stockUnit(d.nordic, t);
  });
  afterAll(async () => {
    await d?.s.close();
    await smtp?.close();
  });

  describe('refusals that change nothing', () => {
    it('answers an unknown tag, an unsupported device, an activated one and a Reader clearly', async () => {
      await stockUnit(d.nordic, 'b0000000-unsupported', 99_999);
      const before = await tableFingerprint(d.s.db);

      refused(await call('GET', flowUrl('00000000-0000-4000-8000-00000000dead'), d.userCookie), 404, 'unknownTag');
      refused(
        await call('PUT', flowUrl('00000000-0000-4000-8000-00000000dead', '/organization'), d.userCookie, { organizationId: d.nordic }),
        404,
        'unknownTag',
      );

      // The public first step tells an unsupported device apart; the steps refuse it.
      const info = await d.s.app.inject({ method: 'GET', url: '/api/v3/onboarding/tag/b0000000-unsupported' });
      expect(info.json<{ data: { supported: boolean; activated: boolean } }>().data).toMatchObject({ supported: false, activated: false });
      const unsupported = await call('PUT', flowUrl('b0000000-unsupported', '/organization'), d.userCookie, { organizationId: d.nordic });
      refused(unsupported, 409, 'notSupported');
      expect(unsupported.json<{ message: string }>().message).toMatch(/^Device not supported/);

      refused(
        await call('PUT', flowUrl(DEMO_TAGS.activated, '/organization'), d.userCookie, { organizationId: d.nordic }),
        409,
        'alreadyActivated',
      );
      // A Reader is told at once (the flow says he may not activate), and refused.
      expect(data<OnboardingFlow>(await call('GET', flowUrl(stockTags[0]!), d.readerCookie)).canActivate).toBe(false);
      refused(
        await call('PUT', flowUrl(stockTags[0]!, '/organization'), d.readerCookie, { organizationId: d.baltic }),
        403,
        'readOnly',
      );
      // Placement or activation before the organisation: what to do first.
      refused(
        await call('PUT', flowUrl(stockTags[0]!, '/placement'), d.userCookie, { name: 'X', lat: 59, lon: 18, locationName: 'L' }),
        409,
        'organizationFirst',
      );
      refused(
        await call('POST', flowUrl(stockTags[0]!, '/activate'), d.userCookie, { termsVersion: TERMS_VERSION, acceptTerms: true }),
        409,
        'organizationFirst',
      );
      expect(fingerprintDiff(before, await tableFingerprint(d.s.db))).toEqual([]);
    });

    it("refuses another organisation's organisation, location and group exactly as ones that do not exist", async () => {
      const [bLocation] = await db()
        .select({ id: containers.id })
        .from(containers)
        .where(and(eq(containers.organizationId, d.baltic), eq(containers.kind, 'location')))
        .limit(1);
      const [bGroup] = await db()
        .select({ id: containers.id })
        .from(containers)
        .where(and(eq(containers.organizationId, d.baltic), eq(containers.kind, 'group')))
        .limit(1);
      const tag = stockTags[1]!;
      const before = await tableFingerprint(d.s.db);
      const foreign = await call('PUT', flowUrl(tag, '/organization'), d.userCookie, { organizationId: d.baltic });
      const missing = await call('PUT', flowUrl(tag, '/organization'), d.userCookie, { organizationId: NOWHERE });
      refused(foreign, 404, 'notYourOrganization');
      expect([missing.statusCode, missing.body]).toEqual([foreign.statusCode, foreign.body]);
      // A User of an organisation makes no new one (a SuperUser would administer it).
      refused(await call('PUT', flowUrl(tag, '/organization'), d.userCookie, { newOrganization: newOrg }), 403, 'cannotCreate');
      expect(fingerprintDiff(before, await tableFingerprint(d.s.db))).toEqual([]);

      data(await call('PUT', flowUrl(tag, '/organization'), d.userCookie, { organizationId: d.nordic }));
      const afterChoice = await tableFingerprint(d.s.db);
      const place = { name: 'P', lat: 59.3, lon: 18.1 };
      const fLoc = await call('PUT', flowUrl(tag, '/placement'), d.userCookie, { ...place, locationId: bLocation!.id });
      const mLoc = await call('PUT', flowUrl(tag, '/placement'), d.userCookie, { ...place, locationId: 'nope' });
      refused(fLoc, 404, 'locationNotFound');
      expect([mLoc.statusCode, mLoc.body]).toEqual([fLoc.statusCode, fLoc.body]);
      const fGroup = await call('PUT', flowUrl(tag, '/placement'), d.userCookie, { ...place, locationName: 'L', groupId: bGroup!.id });
      const mGroup = await call('PUT', flowUrl(tag, '/placement'), d.userCookie, { ...place, locationName: 'L', groupId: 'nope' });
      refused(fGroup, 404, 'groupNotFound');
      expect([mGroup.statusCode, mGroup.body]).toEqual([fGroup.statusCode, fGroup.body]);
      expect(fingerprintDiff(afterChoice, await tableFingerprint(d.s.db))).toEqual([]);
    });

    it('refuses a position off the map and a placement without a location, with what to do', async () => {
      const tag = stockTags[1]!;
      const before = await tableFingerprint(d.s.db);
      for (const [lat, lon] of [
        [90.0001, 10],
        [-91, 10],
        [45, 180.5],
        [45, -181],
      ] as const) {
        const res = await call('PUT', flowUrl(tag, '/placement'), d.userCookie, { name: 'P', lat, lon, locationName: 'L' });
        refused(res, 400, 'coordinates');
        expect(res.json<{ message: string }>().message).toContain('between -90 and 90');
      }
      refused(await call('PUT', flowUrl(tag, '/placement'), d.userCookie, { name: 'P', lat: 1, lon: 2 }), 400, 'locationMissing');
      refused(
        await call('PUT', flowUrl(tag, '/placement'), d.userCookie, { name: 'P', lat: 1, lon: 2, locationName: '   ' }),
        400,
        'locationMissing',
      );
      const blankName = await call('PUT', flowUrl(tag, '/placement'), d.userCookie, { name: ' ', lat: 1, lon: 2, locationName: 'L' });
      expect([blankName.statusCode, blankName.json<{ message: string }>().message]).toEqual([400, 'Name should not be blank']);
      expect(fingerprintDiff(before, await tableFingerprint(d.s.db))).toEqual([]);
    });
  });

  describe('a User activates into his organisation', () => {
    const tag = DEMO_TAGS.journey;
    let activation: OnboardingActivation;
    let started: number;

    it('step 3: lists his organisations, keeps the choice across a reload', async () => {
      const first = data<OnboardingFlow>(await call('GET', flowUrl(tag), d.userCookie));
      expect(first).toMatchObject({
        next: 'organisation',
        organization: null,
        organizations: [{ id: d.nordic, name: 'Nordic Utilities' }],
        canActivate: true,
        canCreateOrganization: false,
        termsVersion: TERMS_VERSION,
        activation: null,
      });
      expect(first.tag).toMatchObject({ tagUuid: tag, activated: false, supported: true });
      // The tag id is found in any case.
      const chosen = data<OnboardingFlow>(
        await call('PUT', flowUrl(tag.toUpperCase(), '/organization'), d.userCookie, { organizationId: d.nordic }),
      );
      expect(chosen.next).toBe('placement');
      expect(chosen.organization).toEqual({ id: d.nordic, name: 'Nordic Utilities' });
      expect(chosen.locations.length).toBeGreaterThan(3);
      expect(chosen.groups.length).toBeGreaterThan(0);
      const reloaded = data<OnboardingFlow>(await call('GET', flowUrl(tag), d.userCookie));
      expect(reloaded.next).toBe('placement');
      expect(reloaded.organization).toEqual(chosen.organization);
      // Nobody else sees it: the super user starts at the beginning with the same tag.
      expect(data<OnboardingFlow>(await call('GET', flowUrl(tag), d.superCookie)).next).toBe('organisation');
    });

    it('step 4: a new location in an existing group, position and address, kept across a reload', async () => {
      const flow = data<OnboardingFlow>(await call('GET', flowUrl(tag), d.userCookie));
      const group = flow.groups[0]!;
      const saved = data<OnboardingFlow>(
        await call('PUT', flowUrl(tag, '/placement'), d.userCookie, {
          name: ' Pump station Norra ',
          lat: 59.3501,
          lon: 18.0702,
          address: 'Valhallavägen 41, Stockholm',
          locationName: 'Onboarding site',
          groupId: group.id,
        }),
      );
      expect(saved.next).toBe('terms');
      expect(saved.placement).toEqual({
        name: 'Pump station Norra',
        lat: 59.3501,
        lon: 18.0702,
        address: 'Valhallavägen 41, Stockholm',
        locationName: 'Onboarding site',
        groupId: group.id,
      });
      expect(data<OnboardingFlow>(await call('GET', flowUrl(tag), d.userCookie)).placement).toEqual(saved.placement);
      // Nothing is made before the activation.
      expect(await db().select().from(containers).where(eq(containers.name, 'Onboarding site'))).toEqual([]);
    });

    it('step 5: refuses terms not accepted, or of another version, and changes nothing', async () => {
      const before = await tableFingerprint(d.s.db);
      refused(await call('POST', flowUrl(tag, '/activate'), d.userCookie, { termsVersion: TERMS_VERSION, acceptTerms: false }), 400, 'termsNotAccepted');
      const old = await call('POST', flowUrl(tag, '/activate'), d.userCookie, { termsVersion: '2022_2', acceptTerms: true });
      refused(old, 409, 'termsVersion');
      expect(old.json<{ message: string }>().message).toContain(TERMS_VERSION);
      expect(fingerprintDiff(before, await tableFingerprint(d.s.db))).toEqual([]);
    });

    it('step 6: activation places the unit, starts a 4-week trial and stores the acceptance, in one go', async () => {
      const [session] = await db().select({ selected: sessions.selectedCustomers }).from(sessions);
      expect(session).toBeDefined();
      started = Date.now();
      const res = await call('POST', flowUrl(tag, '/activate'), d.userCookie, {
        termsVersion: TERMS_VERSION,
        acceptTerms: true,
        language: 'sv',
      });
      expect(res.statusCode).toBe(201);
      activation = data<OnboardingActivation>(res);
      expect(activation).toMatchObject({ unitName: 'Pump station Norra', organizationId: d.nordic, organizationName: 'Nordic Utilities' });
      expect(activation.trial.status).toBe('active');
      const start = Date.parse(activation.trial.startedAt);
      expect(start).toBeGreaterThanOrEqual(started - 1000);
      expect(Date.parse(activation.trial.endsAt) - start).toBe(TRIAL_DAYS * DAY);

      const [unit] = await db().select().from(units).where(eq(units.id, activation.unitId));
      expect(unit).toMatchObject({ organizationId: d.nordic, name: 'Pump station Norra', lat: 59.3501, lon: 18.0702, location: 'Valhallavägen 41, Stockholm' });
      const [tagRow] = await db().select().from(nfcTags).where(eq(nfcTags.tagUuid, tag));
      expect(tagRow!.activatedAt).toBeInstanceOf(Date);
      const site = (await db().select().from(containers).where(eq(containers.name, 'Onboarding site')))[0]!;
      expect(site).toMatchObject({ kind: 'location', organizationId: d.nordic });
      expect(site.content).toEqual([{ type: 'unit', name: 'Pump station Norra', target: String(activation.unitId) }]);
      const flow = data<OnboardingFlow>(await call('GET', flowUrl(tag), d.userCookie));
      expect(flow.next).toBe('done');
      expect(flow.activation).toEqual(activation);
      const group = (await db().select().from(containers).where(eq(containers.id, flow.placement!.groupId!)))[0]!;
      expect(group.content).toContainEqual({ type: 'location', name: 'Onboarding site', target: site.id });
      // No other location holds it any more.
      const holders = (await db().select().from(containers).where(eq(containers.kind, 'location'))).filter((c) =>
        (c.content as Array<{ target?: string }>).some((r) => r.target === String(activation.unitId)),
      );
      expect(holders.map((h) => h.id)).toEqual([site.id]);

      const [acceptance] = await db().select().from(termsAcceptances).where(eq(termsAcceptances.unitId, activation.unitId));
      expect(acceptance).toMatchObject({ version: '2023_1', username: 'demo.user', organizationId: d.nordic, language: 'sv' });
      expect(Math.abs(acceptance!.acceptedAt.getTime() - start)).toBeLessThan(1000);
      const audit = await db().select().from(auditLog).where(eq(auditLog.action, 'onboarding.activate'));
      expect(audit.map((a) => a.targetId)).toContain(String(activation.unitId));

      // The fleet of the organisation has it at once, and its page shows the trial.
      const fleet = data<Array<{ UnitID: number }>>(await call('GET', '/api/v2/device/devices?use_context=true', d.userCookie));
      expect(fleet.map((u) => u.UnitID)).toContain(activation.unitId);
      const details = (await call('GET', `/api/v1/device/${activation.unitId}/details`, d.userCookie)).json<UnitDetails>();
      expect(details.Trial).toEqual(activation.trial);
      // The tag says activated; a second activation (anyone's) is refused.
      const info = await d.s.app.inject({ method: 'GET', url: `/api/v3/onboarding/tag/${tag}` });
      expect(info.json<{ data: { activated: boolean } }>().data.activated).toBe(true);
      refused(await call('POST', flowUrl(tag, '/activate'), d.userCookie, { termsVersion: TERMS_VERSION, acceptTerms: true }), 409, 'alreadyActivated');
      refused(await call('PUT', flowUrl(tag, '/organization'), d.superCookie, { organizationId: d.nordic }), 409, 'alreadyActivated');
    });

    it('the trial job warns 7 days before the end, once, by mail in each recipient’s language, then ends the trial', async () => {
      const mail = appContext(d.s.app).mail;
      const log = { info: () => undefined, warn: () => undefined };
      const originFor = () => 'https://fieldwatch.example';
      const endsAt = Date.parse(activation.trial.endsAt);
      // demo.user reads Swedish; demo.super (the organisation's SuperUser) English.
      await db().update(users).set({ language: 'sv' }).where(eq(users.username, 'demo.user'));
      const mailsBefore = smtp.received.length;

      const early = await runTrialRound(db(), mail, { now: new Date(endsAt - 8 * DAY), originFor, log });
      expect(early).toEqual({ ended: [], warned: [] });
      const due = await runTrialRound(db(), mail, { now: new Date(endsAt - 7 * DAY + 60_000), originFor, log });
      expect(due.warned).toEqual([activation.unitId]);
      const a = await smtp.nth(mailsBefore + 1);
      const b = await smtp.nth(mailsBefore + 2);
      const byTo = new Map([a, b].map((m) => [m.to[0], m]));
      const sv = byTo.get('erik.johansson@fieldwatch.example')!;
      const en = byTo.get('signe.lindqvist@fieldwatch.example')!;
      expect(decodeHeader(sv.headers.subject!)).toContain('provperioden för Pump station Norra slutar den');
      expect(sv.text).toContain(`https://fieldwatch.example/devicemanagement/${activation.unitId}`);
      expect(decodeHeader(en.headers.subject!)).toMatch(/^Fieldwatch: the free trial of Pump station Norra ends on \d{1,2} \w+ \d{4}$/);
      expect(en.text).toContain('Nordic Utilities');

      // Once: later rounds before the end send nothing.
      expect(await runTrialRound(db(), mail, { now: new Date(endsAt - 2 * DAY), originFor, log })).toEqual({ ended: [], warned: [] });
      expect(smtp.received.length).toBe(mailsBefore + 2);

      const end = await runTrialRound(db(), mail, { now: new Date(endsAt + 1000), originFor, log });
      expect(end.ended).toEqual([activation.unitId]);
      const details = (await call('GET', `/api/v1/device/${activation.unitId}/details`, d.userCookie)).json<UnitDetails>();
      expect(details.Trial).toMatchObject({ status: 'ended', endedAt: new Date(endsAt + 1000).toISOString() });
      // The admin sees it; it can no longer be converted.
      const trials = data<AdminTrial[]>(await call('GET', '/api/v3/admin/trials', d.superCookie));
      expect(trials.find((t) => t.unitId === activation.unitId)).toMatchObject({ status: 'ended', activatedBy: 'demo.user', unitName: 'Pump station Norra' });
      refused(await call('POST', `/api/v3/admin/trials/${activation.unitId}/convert`, d.superCookie), 409, 'trialNotActive');
      await db().update(users).set({ language: 'en' }).where(eq(users.username, 'demo.user'));
    });
  });

  describe('a new customer: registered, of no organisation yet', () => {
    let cookie: string;
    let userId: number;
    const tag = 'a0000000-0000-4000-8000-000000000003';

    beforeAll(async () => {
      const [u] = await db()
        .insert(users)
        .values({ username: 'new.customer', name: 'Mads Jensen', email: 'mads@fjordpumps.example', language: 'da', passwordHash: await hashPassword(DEMO_PASSWORD) })
        .returning({ id: users.id });
      userId = u!.id;
      cookie = await login(d.s.app, 'new.customer');
    });

    it('creates his organisation (validated by the shared schema) only when he activates', async () => {
      const first = data<OnboardingFlow>(await call('GET', flowUrl(tag), cookie));
      expect(first).toMatchObject({ organizations: [], canCreateOrganization: true, next: 'organisation' });

      const blank = await call('PUT', flowUrl(tag, '/organization'), cookie, { newOrganization: { ...newOrg, companyName: '  ' } });
      expect([blank.statusCode, blank.json<{ message: string }>().message]).toEqual([400, 'Company name should not be blank']);
      const email = await call('PUT', flowUrl(tag, '/organization'), cookie, { newOrganization: { ...newOrg, contactEmail: 'mads@' } });
      expect([email.statusCode, email.json<{ message: string }>().message]).toEqual([400, 'Enter valid Email']);
      const both = await call('PUT', flowUrl(tag, '/organization'), cookie, { organizationId: d.nordic, newOrganization: newOrg });
      expect(both.statusCode).toBe(400);

      const chosen = data<OnboardingFlow>(await call('PUT', flowUrl(tag, '/organization'), cookie, { newOrganization: newOrg }));
      expect(chosen.next).toBe('placement');
      expect(chosen.organization).toMatchObject({ id: null, name: 'Fjord Pumps ApS', details: { companyCity: 'Odense' } });
      expect(chosen.locations).toEqual([]);
      expect(await db().select().from(organizations).where(eq(organizations.name, 'Fjord Pumps ApS'))).toEqual([]);
      refused(
        await call('PUT', flowUrl(tag, '/placement'), cookie, { name: 'P', lat: 55.4, lon: 10.4, locationId: 'anything' }),
        404,
        'locationNotFound',
      );
      data(
        await call('PUT', flowUrl(tag, '/placement'), cookie, {
          name: 'Harbour pump',
          lat: 55.4038,
          lon: 10.4024,
          address: 'Havnegade 4, Odense',
          locationName: 'Harbour',
          groupName: 'Funen',
        }),
      );
    });

    it('activation makes the organisation, its location and group, and him its SuperUser', async () => {
      const activation = data<OnboardingActivation>(
        await call('POST', flowUrl(tag, '/activate'), cookie, { termsVersion: TERMS_VERSION, acceptTerms: true }),
      );
      const [org] = await db().select().from(organizations).where(eq(organizations.name, 'Fjord Pumps ApS'));
      expect(activation.organizationId).toBe(org!.id);
      const [settings] = await db().select().from(organizationSettings).where(eq(organizationSettings.organizationId, org!.id));
      expect(settings!.defaultLanguage).toBe('da');
      expect(settings!.details).toMatchObject({
        companyName: 'Fjord Pumps ApS',
        contactEmail: 'mads@fjordpumps.example',
        organisationNumber: 'DK12345678',
        customerId: '',
        // No billing address given: the company's.
        address: 'Havnegade 4',
        zip: '5000',
        city: 'Odense',
      });
      expect(await db().select().from(userOrganizations).where(eq(userOrganizations.userId, userId))).toEqual([
        { userId, organizationId: org!.id },
      ]);
      const [me] = await db().select({ userType: users.userType }).from(users).where(eq(users.id, userId));
      expect(me!.userType).toBe(USER_TYPES.SuperUser);
      const made = await db().select().from(containers).where(eq(containers.organizationId, org!.id));
      const location = made.find((c) => c.kind === 'location')!;
      expect(location).toMatchObject({ name: 'Harbour', content: [{ type: 'unit', target: String(activation.unitId) }] });
      expect(made.find((c) => c.kind === 'group')).toMatchObject({ name: 'Funen', content: [{ type: 'location', target: location.id }] });
      const [acceptance] = await db().select().from(termsAcceptances).where(eq(termsAcceptances.userId, userId));
      expect(acceptance).toMatchObject({ organizationId: org!.id, version: TERMS_VERSION, language: 'da' });
      // His session works on the new organisation at once: its fleet holds the unit.
      const fleet = data<Array<{ UnitID: number; CustomerID: number }>>(await call('GET', '/api/v2/device/devices?use_context=true', cookie));
      expect(fleet).toEqual([expect.objectContaining({ UnitID: activation.unitId, CustomerID: org!.id })]);
      const row = await db().select().from(onboardings).where(eq(onboardings.userId, userId));
      expect(row[0]).toMatchObject({ organizationId: org!.id, newOrganization: null, unitId: activation.unitId });
      const created = await db().select().from(auditLog).where(and(eq(auditLog.action, 'organization.create'), eq(auditLog.organizationId, org!.id)));
      expect(created).toHaveLength(1);
    });
  });

  describe('trials in admin', () => {
    it('a SuperUser converts a running trial (the job then leaves it); others may not', async () => {
      const tag = stockTags[0]!;
      data(await call('PUT', flowUrl(tag, '/organization'), d.superCookie, { organizationId: d.nordic }));
      const flow = data<OnboardingFlow>(
        await call('PUT', flowUrl(tag, '/placement'), d.superCookie, { name: 'Converted pump', lat: 59, lon: 18, locationId: (await firstLocation(d.nordic)) }),
      );
      expect(flow.next).toBe('terms');
      const activation = data<OnboardingActivation>(
        await call('POST', flowUrl(tag, '/activate'), d.superCookie, { termsVersion: TERMS_VERSION, acceptTerms: true }),
      );
      const url = `/api/v3/admin/trials/${activation.unitId}/convert`;
      expect((await call('POST', url, d.userCookie)).statusCode).toBe(403);
      expect((await call('GET', '/api/v3/admin/trials', d.userCookie)).statusCode).toBe(403);
      // A SuperUser of Baltic Water only does not find it.
      await addUser(d.s, { username: 'baltic.super', userType: USER_TYPES.SuperUser, orgs: [d.baltic] });
      const baltic = await login(d.s.app, 'baltic.super');
      const foreign = await call('POST', url, baltic);
      const missing = await call('POST', `/api/v3/admin/trials/${NOWHERE}/convert`, baltic);
      expect([foreign.statusCode, foreign.body]).toEqual([404, missing.body]);
      expect(data<AdminTrial[]>(await call('GET', '/api/v3/admin/trials', baltic)).map((t) => t.unitId)).not.toContain(activation.unitId);

      const converted = data<AdminTrial>(await call('POST', url, d.superCookie));
      expect(converted).toMatchObject({ status: 'converted', unitId: activation.unitId });
      const round = await runTrialRound(db(), appContext(d.s.app).mail, {
        now: new Date(Date.parse(activation.trial.endsAt) + DAY),
        originFor: () => 'http://x',
        log: { info: () => undefined, warn: () => undefined },
      });
      expect(round.ended).not.toContain(activation.unitId);
      const [trial] = await db().select().from(unitTrials).where(eq(unitTrials.unitId, activation.unitId));
      expect(trial!.status).toBe('converted');
    });

    async function firstLocation(org: number): Promise<string> {
      const [row] = await db()
        .select({ id: containers.id })
        .from(containers)
        .where(and(eq(containers.organizationId, org), eq(containers.kind, 'location')))
        .limit(1);
      return row!.id;
    }
  });

  describe('address search without a map service', () => {
    it("finds the user's unit addresses and towns, ignoring case and accents", async () => {
      const search = async (q: string, cookie = d.userCookie) =>
        data<OnboardingPlace[]>(await call('GET', `/api/v3/onboarding/places?q=${encodeURIComponent(q)}`, cookie));
      const streets = await search('valhallav');
      expect(streets.length).toBeGreaterThan(0);
      expect(streets.every((p) => p.kind === 'address' && /Valhallavägen/.test(p.label) && p.detail === 'Nordic Utilities')).toBe(true);
      expect((await search('koln'))[0]).toMatchObject({ kind: 'town', label: 'Köln', country: 'DE' });
      expect((await search('Copenhagen'))[0]).toMatchObject({ kind: 'town', label: 'København', country: 'DK' });
      expect((await search('goteborg'))[0]).toMatchObject({ label: 'Göteborg' });
      // Another organisation's addresses are not found (the Reader is of Baltic Water only).
      expect((await search('valhallav', d.readerCookie)).filter((p) => p.kind === 'address')).toEqual([]);
      expect((await call('GET', '/api/v3/onboarding/places?q=a', d.userCookie)).statusCode).toBe(400);
    });
  });
});
