import type { TenantDb } from '../../platform/database/tenant-db';
import { addDays, todayIn } from '../../platform/common/time';
import { Company } from '../crm/companies/company.entity';
import { Fair } from '../crm/leads/fair.entity';
import { Lead } from '../crm/leads/lead.entity';
import { Opportunity } from '../crm/opportunities/opportunity.entity';
import { Person } from '../crm/people/person.entity';
import type { User } from '../identity/user.entity';
import type { Workspace } from '../workspace/workspace.entity';

const FAIRS = [
  { name: 'Plast Eurasia İstanbul', city: 'İstanbul', country: 'TR', venue: 'TÜYAP Fuar ve Kongre Merkezi', stand: 'Hall 9 / B12', offset: -40, days: 4 },
  { name: 'K Düsseldorf', city: 'Düsseldorf', country: 'DE', venue: 'Messe Düsseldorf', stand: 'Hall 6 / C31', offset: -12, days: 8 },
  { name: 'Eurasia Packaging', city: 'İstanbul', country: 'TR', venue: 'İstanbul Expo Center', stand: 'Hall 4 / A07', offset: 45, days: 4 },
];

const LEADS = [
  { company: 'Boğaziçi Gıda Ambalaj', contact: 'Murat Şahin', title: 'Satın Alma Müdürü', city: 'İstanbul', sector: 'Food packaging', products: 'LDPE film granulate', kg: 30000 },
  { company: 'Kapadokya Tekstil', contact: 'Emine Yıldız', title: 'Production Manager', city: 'Kayseri', sector: 'Textiles', products: 'White masterbatch', kg: 8000 },
  { company: 'Rhein Folien GmbH', contact: 'Jonas Weber', title: 'Einkauf', city: 'Köln', sector: 'Film extrusion', products: 'PP homopolymer', kg: 50000 },
  { company: 'Vistula Pack Sp. z o.o.', contact: 'Anna Nowak', title: 'Procurement', city: 'Warszawa', sector: 'Flexible packaging', products: 'UV stabiliser additive', kg: 2500 },
  { company: 'Çukurova Sera Örtüleri', contact: 'Hasan Demir', title: 'Owner', city: 'Adana', sector: 'Agricultural film', products: 'UV stabiliser additive', kg: 15000 },
  { company: 'Akdeniz Oyuncak Ltd.', contact: 'Seda Kurt', title: 'Quality Engineer', city: 'Antalya', sector: 'Toys', products: 'PP homopolymer', kg: 6000 },
];

/**
 * Sample fairs with leads (flagged as sample data: no events). Two more leads are converted: linked to
 * sample companies, their main contacts and opportunities (one open, one won).
 */
export async function seedLeads(m: TenantDb, ws: Workspace, team: User[], companies: Company[]): Promise<{ fairs: number; leads: number }> {
  const fairs = await seedFairs(m, ws, team);
  const pastFairs = fairs.slice(0, 2);
  const leads = (await seedFairLeads(m, ws, team, pastFairs)) + (await seedConvertedLeads(m, ws, companies, pastFairs));
  return { fairs: fairs.length, leads };
}

/** Two past fairs and one to come. */
async function seedFairs(m: TenantDb, ws: Workspace, team: User[]): Promise<Fair[]> {
  const today = todayIn(ws.timezone);
  const fairs: Fair[] = [];
  for (const [i, f] of FAIRS.entries()) {
    fairs.push(
      await m.save(
        Fair,
        m.create(Fair, {
          workspaceId: ws.id,
          name: f.name,
          city: f.city,
          country: f.country,
          venue: f.venue,
          stand: f.stand,
          startDate: addDays(today, f.offset),
          endDate: addDays(today, f.offset + f.days - 1),
          note: i === 2 ? 'Book the stand furniture; bring samples of the new film grades.' : '',
          ownerId: team[0]!.id,
          isSample: true,
        }),
      ),
    );
  }
  return fairs;
}

/** Leads met at the past fairs, still to work on. */
async function seedFairLeads(m: TenantDb, ws: Workspace, team: User[], pastFairs: Fair[]): Promise<number> {
  const today = todayIn(ws.timezone);
  const c = ws.constants;
  let leads = 0;
  for (const [i, d] of LEADS.entries()) {
    const owner = team[i % team.length]!;
    const fair = pastFairs[i % pastFairs.length]!;
    await m.insert(Lead, {
      workspaceId: ws.id,
      company: d.company,
      contactName: d.contact,
      title: d.title,
      email: `${d.contact.toLowerCase().normalize('NFKD').replace(/[\u0300-\u036f]/g, '').replace(/ı/g, 'i').replace(/[^a-z]+/g, '.')}@example.com`,
      phone: `+90 5${i}2 333 44 ${10 + i}`,
      city: d.city,
      sector: d.sector,
      fairId: fair.id,
      interest: c.lead_interest[i % c.lead_interest.length] ?? '',
      nextAction: c.lead_next_actions[i % c.lead_next_actions.length] ?? '',
      nextDate: addDays(today, 3 + i * 4),
      timing: c.lead_timings[i % c.lead_timings.length] ?? '',
      visitorType: c.lead_visitor_types[i % c.lead_visitor_types.length] ?? '',
      products: d.products,
      unit: ws.app.unit_default,
      potentialKg: d.kg,
      note: 'Visited our stand; asked for a price list and samples.',
      status: i === 1 ? (c.lead_statuses[1] ?? c.lead_status_new) : c.lead_status_new,
      ownerId: owner.id,
      people: i % 2 ? [{ name: 'Ahmet Koç', title: 'Technical Manager', email: '', phone: '', cid: null }] : [],
      isSample: true,
    });
    leads++;
  }
  return leads;
}

/** Leads of existing customers, converted: one into an open opportunity, one into the won one. */
async function seedConvertedLeads(m: TenantDb, ws: Workspace, companies: Company[], pastFairs: Fair[]): Promise<number> {
  const c = ws.constants;
  let leads = 0;
  // converted leads: one into an open opportunity, one into the won one (its lead shows the won status)
  const opps = await m.find(Opportunity, { where: { isSample: true }, order: { id: 'ASC' } });
  const picks = [opps.find((o) => o.isOpen), opps.find((o) => c.stage_roles[o.stage] === 'won')].filter((o): o is Opportunity => !!o);
  for (const [i, opp] of picks.entries()) {
    const company = companies.find((x) => x.id === opp.customerId);
    if (!company) continue;
    const main = await m.findOne(Person, { where: { customerId: company.id, isMain: true } });
    const won = c.stage_roles[opp.stage] === 'won';
    await m.insert(Lead, {
      workspaceId: ws.id,
      company: company.name,
      contactName: main?.name ?? '',
      title: main?.title ?? '',
      email: main?.email ?? '',
      city: company.city,
      sector: company.sector,
      fairId: pastFairs[i % pastFairs.length]!.id,
      interest: c.lead_interest[0] ?? '',
      unit: ws.app.unit_default,
      potentialKg: company.potentialKg,
      note: 'Existing customer; wants a second product line.',
      status: won ? c.lead_status_won : c.lead_status_converted,
      ownerId: company.ownerId,
      oppId: opp.id,
      customerId: company.id,
      linkCustomerId: company.id,
      linkContactId: main?.id ?? null,
      contactCid: main?.id ?? null,
      convertedAt: new Date(Date.now() - (5 + i) * 86_400_000),
      people: [],
      isSample: true,
    });
    leads++;
  }
  return leads;
}
