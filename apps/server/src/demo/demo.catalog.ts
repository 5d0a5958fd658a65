import { percentToThousandths, toCents } from '@ledgerleaf/domain';
import {
  insertClient,
  insertProduct,
  insertTaxRate,
  type ClientFields,
  type ContactFields,
  type Db,
} from '@ledgerleaf/db';
import { publish } from '../lib/events';

const DAY_MS = 86_400_000;

/** The demo studio's tax rates (percent). The first is the default for new products. */
export const DEMO_TAX_RATES = [
  { name: 'Sales tax 8.875%', rate: 8.875, is_compound: false, is_default: true },
  { name: 'State tax 6.25%', rate: 6.25, is_compound: false, is_default: false },
  { name: 'Zero-rated 0%', rate: 0, is_compound: false, is_default: false },
] as const;

type DemoClient = {
  name: string;
  kind: 'company' | 'person';
  email: string;
  phone: string;
  address: [line1: string, city: string, state: string, postalCode: string];
  terms: number;
  contacts: Array<[name: string, email: string, phone: string | null]>;
  /** Days ago it was created. */
  age: number;
  archived?: boolean;
  inactive?: boolean;
  notes?: string;
  taxId?: string;
};

/** About 25 clients: companies and people across the US, created over the last year, a few archived. */
export const DEMO_CLIENTS: DemoClient[] = [
  {
    name: 'Brightwater Coffee Roasters',
    kind: 'company',
    email: 'accounts@brightwatercoffee.com',
    phone: '(503) 555-0134',
    address: ['1120 SE Division St', 'Portland', 'OR', '97202'],
    terms: 30,
    contacts: [
      ['Maya Lindqvist', 'maya@brightwatercoffee.com', '(503) 555-0135'],
      ['Owen Pratt', 'owen@brightwatercoffee.com', null],
    ],
    age: 361,
    taxId: '93-1847261',
  },
  {
    name: 'Harbor & Vine Restaurant Group',
    kind: 'company',
    email: 'ap@harborandvine.com',
    phone: '(617) 555-0190',
    address: ['48 Atlantic Ave', 'Boston', 'MA', '02110'],
    terms: 45,
    contacts: [['Gina Castellano', 'gina@harborandvine.com', '(617) 555-0191']],
    age: 342,
    notes: 'Invoices go to AP with the PO number in the notes.',
  },
  {
    name: 'Redwood Dental Partners',
    kind: 'company',
    email: 'office@redwooddental.com',
    phone: '(707) 555-0122',
    address: ['310 Fourth St', 'Santa Rosa', 'CA', '95401'],
    terms: 30,
    contacts: [
      ['Dr. Alan Whitfield', 'awhitfield@redwooddental.com', '(707) 555-0123'],
      ['Priya Natarajan', 'priya@redwooddental.com', '(707) 555-0124'],
    ],
    age: 330,
  },
  {
    name: 'Juniper Yoga Studio',
    kind: 'company',
    email: 'hello@juniperyoga.co',
    phone: '(720) 555-0148',
    address: ['2201 Larimer St', 'Denver', 'CO', '80205'],
    terms: 15,
    contacts: [['Sasha Bloom', 'sasha@juniperyoga.co', null]],
    age: 318,
  },
  {
    name: 'Marcus Chen',
    kind: 'person',
    email: 'marcus.chen@fastmail.com',
    phone: '(206) 555-0177',
    address: ['815 Pine St Apt 12', 'Seattle', 'WA', '98101'],
    terms: 14,
    contacts: [],
    age: 301,
  },
  {
    name: 'Northwind Logistics',
    kind: 'company',
    email: 'billing@northwindlogistics.com',
    phone: '(312) 555-0111',
    address: ['233 S Wacker Dr', 'Chicago', 'IL', '60606'],
    terms: 60,
    contacts: [
      ['Frank Delgado', 'fdelgado@northwindlogistics.com', '(312) 555-0112'],
      ['Tanya Brooks', 'tbrooks@northwindlogistics.com', '(312) 555-0113'],
      ['Accounts Payable', 'ap@northwindlogistics.com', null],
    ],
    age: 289,
    taxId: '36-5521980',
  },
  {
    name: 'Sunrise Family Bakery',
    kind: 'company',
    email: 'orders@sunrisebakery.com',
    phone: '(512) 555-0166',
    address: ['1901 S Congress Ave', 'Austin', 'TX', '78704'],
    terms: 30,
    contacts: [['Rosa Alvarez', 'rosa@sunrisebakery.com', '(512) 555-0167']],
    age: 270,
  },
  {
    name: 'Emily Nakamura',
    kind: 'person',
    email: 'emily.nakamura@gmail.com',
    phone: '(415) 555-0183',
    address: ['2450 Irving St', 'San Francisco', 'CA', '94122'],
    terms: 7,
    contacts: [],
    age: 255,
  },
  {
    name: 'Peak Performance Physical Therapy',
    kind: 'company',
    email: 'admin@peakpt.com',
    phone: '(801) 555-0155',
    address: ['455 E 400 S', 'Salt Lake City', 'UT', '84111'],
    terms: 30,
    contacts: [['Jordan Hale', 'jordan@peakpt.com', '(801) 555-0156']],
    age: 240,
  },
  {
    name: 'Copper Kettle Brewing Co.',
    kind: 'company',
    email: 'finance@copperkettlebrewing.com',
    phone: '(828) 555-0139',
    address: ['77 Coxe Ave', 'Asheville', 'NC', '28801'],
    terms: 30,
    contacts: [
      ['Luke Harrington', 'luke@copperkettlebrewing.com', '(828) 555-0140'],
      ['Beth Simmons', 'beth@copperkettlebrewing.com', null],
    ],
    age: 226,
    archived: true,
    notes: 'Closed their second taproom; archived after the final invoice.',
  },
  {
    name: 'Greenleaf Landscaping',
    kind: 'company',
    email: 'office@greenleaflandscaping.com',
    phone: '(404) 555-0102',
    address: ['980 Howell Mill Rd', 'Atlanta', 'GA', '30318'],
    terms: 30,
    contacts: [['Darnell Jackson', 'darnell@greenleaflandscaping.com', '(404) 555-0103']],
    age: 212,
  },
  {
    name: 'Sofia Ramirez',
    kind: 'person',
    email: 'sofia.ramirez@outlook.com',
    phone: '(305) 555-0171',
    address: ['1500 Bay Rd Unit 804', 'Miami Beach', 'FL', '33139'],
    terms: 14,
    contacts: [],
    age: 198,
  },
  {
    name: 'Blue Heron Books',
    kind: 'company',
    email: 'books@blueheronbooks.com',
    phone: '(612) 555-0128',
    address: ['3010 Hennepin Ave', 'Minneapolis', 'MN', '55408'],
    terms: 30,
    contacts: [['Ingrid Olson', 'ingrid@blueheronbooks.com', '(612) 555-0129']],
    age: 185,
  },
  {
    name: 'Atlas Architecture LLP',
    kind: 'company',
    email: 'accounts@atlasarch.com',
    phone: '(212) 555-0163',
    address: ['120 W 45th St Fl 9', 'New York', 'NY', '10036'],
    terms: 45,
    contacts: [
      ['Rachel Goldberg', 'rgoldberg@atlasarch.com', '(212) 555-0164'],
      ['Samuel Okafor', 'sokafor@atlasarch.com', '(212) 555-0165'],
    ],
    age: 170,
    taxId: '13-4029187',
  },
  {
    name: 'Desert Bloom Wellness',
    kind: 'company',
    email: 'team@desertbloomwellness.com',
    phone: '(602) 555-0147',
    address: ['4250 N Central Ave', 'Phoenix', 'AZ', '85012'],
    terms: 30,
    contacts: [['Carmen Ortiz', 'carmen@desertbloomwellness.com', null]],
    age: 151,
    inactive: true,
  },
  {
    name: 'Tidewater Marine Supply',
    kind: 'company',
    email: 'ap@tidewatermarine.com',
    phone: '(757) 555-0119',
    address: ['600 Harbor Dr', 'Norfolk', 'VA', '23510'],
    terms: 60,
    contacts: [['Walt Emerson', 'walt@tidewatermarine.com', '(757) 555-0120']],
    age: 137,
    archived: true,
  },
  {
    name: 'James O’Connell',
    kind: 'person',
    email: 'jim.oconnell@icloud.com',
    phone: '(773) 555-0158',
    address: ['2145 W Armitage Ave', 'Chicago', 'IL', '60647'],
    terms: 14,
    contacts: [],
    age: 121,
  },
  {
    name: 'Lumen Software Inc.',
    kind: 'company',
    email: 'vendors@lumensoftware.io',
    phone: '(628) 555-0108',
    address: ['535 Mission St Fl 14', 'San Francisco', 'CA', '94105'],
    terms: 30,
    contacts: [
      ['Kevin Tran', 'kevin@lumensoftware.io', '(628) 555-0109'],
      ['Alicia Park', 'alicia@lumensoftware.io', '(628) 555-0110'],
    ],
    age: 104,
    taxId: '84-3390122',
  },
  {
    name: 'Maple Street Veterinary Clinic',
    kind: 'company',
    email: 'frontdesk@maplestreetvet.com',
    phone: '(614) 555-0186',
    address: ['88 Maple St', 'Columbus', 'OH', '43215'],
    terms: 30,
    contacts: [['Dr. Hannah Weiss', 'hannah@maplestreetvet.com', '(614) 555-0187']],
    age: 88,
  },
  {
    name: 'Silver Lake Film Collective',
    kind: 'company',
    email: 'production@silverlakefilm.org',
    phone: '(323) 555-0175',
    address: ['3200 Sunset Blvd', 'Los Angeles', 'CA', '90026'],
    terms: 30,
    contacts: [['Noah Bennett', 'noah@silverlakefilm.org', null]],
    age: 71,
  },
  {
    name: 'Olivia Bennett',
    kind: 'person',
    email: 'olivia.bennett@protonmail.com',
    phone: '(615) 555-0144',
    address: ['1204 Villa Pl', 'Nashville', 'TN', '37212'],
    terms: 7,
    contacts: [],
    age: 55,
  },
  {
    name: 'Keystone Property Management',
    kind: 'company',
    email: 'ap@keystonepm.com',
    phone: '(215) 555-0131',
    address: ['1500 Market St Ste 1200', 'Philadelphia', 'PA', '19102'],
    terms: 45,
    contacts: [['Denise Moore', 'dmoore@keystonepm.com', '(215) 555-0132']],
    age: 38,
  },
  {
    name: 'Pine & Pixel Print Shop',
    kind: 'company',
    email: 'hello@pineandpixel.com',
    phone: '(802) 555-0126',
    address: ['14 Church St', 'Burlington', 'VT', '05401'],
    terms: 15,
    contacts: [['Tessa Grant', 'tessa@pineandpixel.com', null]],
    age: 24,
  },
  {
    name: 'Riverbend Credit Union',
    kind: 'company',
    email: 'marketing@riverbendcu.org',
    phone: '(502) 555-0193',
    address: ['400 W Market St', 'Louisville', 'KY', '40202'],
    terms: 30,
    contacts: [
      ['Marcus Reed', 'mreed@riverbendcu.org', '(502) 555-0194'],
      ['Angela Foster', 'afoster@riverbendcu.org', '(502) 555-0195'],
    ],
    age: 11,
  },
  {
    name: 'Daniel Kim',
    kind: 'person',
    email: 'daniel.kim@hey.com',
    phone: '(917) 555-0152',
    address: ['250 Ashland Pl Apt 31B', 'Brooklyn', 'NY', '11217'],
    terms: 14,
    contacts: [],
    age: 3,
  },
];

type DemoProduct = {
  name: string;
  type: 'product' | 'service';
  unit: string;
  price: number;
  sku: string | null;
  tax: number | null;
  description: string;
  archived?: boolean;
};

/** About 20 products and services of a small design studio; `tax` indexes DEMO_TAX_RATES. */
export const DEMO_PRODUCTS: DemoProduct[] = [
  {
    name: 'Brand strategy workshop',
    type: 'service',
    unit: 'day',
    price: 1800,
    sku: 'SVC-BRAND-WS',
    tax: null,
    description: 'Full-day workshop: positioning, audience and voice.',
  },
  {
    name: 'Logo design',
    type: 'service',
    unit: 'item',
    price: 2400,
    sku: 'SVC-LOGO',
    tax: null,
    description: 'Three concepts, two rounds of revisions, final files in all formats.',
  },
  {
    name: 'Brand identity package',
    type: 'service',
    unit: 'project',
    price: 6500,
    sku: 'SVC-IDENTITY',
    tax: null,
    description: 'Logo, colour palette, typography and a 20-page brand guide.',
  },
  {
    name: 'Website design',
    type: 'service',
    unit: 'hour',
    price: 125,
    sku: 'SVC-WEB-DES',
    tax: null,
    description: 'UX and visual design for responsive websites.',
  },
  {
    name: 'Website development',
    type: 'service',
    unit: 'hour',
    price: 140,
    sku: 'SVC-WEB-DEV',
    tax: null,
    description: 'Front-end build, CMS setup and launch.',
  },
  {
    name: 'Copywriting',
    type: 'service',
    unit: 'hour',
    price: 95,
    sku: 'SVC-COPY',
    tax: null,
    description: 'Web, brochure and campaign copy.',
  },
  {
    name: 'Product photography',
    type: 'service',
    unit: 'day',
    price: 1450,
    sku: 'SVC-PHOTO',
    tax: null,
    description: 'Studio day including basic retouching of 40 images.',
  },
  {
    name: 'Social media content pack',
    type: 'service',
    unit: 'month',
    price: 1200,
    sku: 'SVC-SOCIAL',
    tax: null,
    description: '12 designed posts and captions per month.',
  },
  {
    name: 'Website care plan',
    type: 'service',
    unit: 'month',
    price: 249,
    sku: 'SVC-CARE',
    tax: null,
    description: 'Hosting, updates, backups and two hours of small changes.',
  },
  {
    name: 'Rush fee',
    type: 'service',
    unit: 'item',
    price: 350,
    sku: null,
    tax: null,
    description: 'Delivery within 48 hours.',
  },
  {
    name: 'Travel time',
    type: 'service',
    unit: 'hour',
    price: 65,
    sku: null,
    tax: null,
    description: 'Billed for on-site work beyond 30 miles.',
  },
  {
    name: 'Business cards (box of 500)',
    type: 'product',
    unit: 'box',
    price: 89,
    sku: 'PRD-BC-500',
    tax: 0,
    description: '16 pt matte stock, printed both sides.',
  },
  {
    name: 'Tri-fold brochures (pack of 250)',
    type: 'product',
    unit: 'pack',
    price: 329,
    sku: 'PRD-BRO-250',
    tax: 0,
    description: '100 lb gloss text, full colour.',
  },
  {
    name: 'Vinyl banner 3×6 ft',
    type: 'product',
    unit: 'item',
    price: 145,
    sku: 'PRD-BANNER-36',
    tax: 0,
    description: 'Outdoor vinyl with grommets.',
  },
  {
    name: 'Branded tote bag',
    type: 'product',
    unit: 'piece',
    price: 14.5,
    sku: 'PRD-TOTE',
    tax: 1,
    description: 'Natural cotton canvas, one-colour print.',
  },
  {
    name: 'Stock photo license',
    type: 'product',
    unit: 'license',
    price: 49,
    sku: 'PRD-STOCK',
    tax: 2,
    description: 'Standard web licence for one image.',
  },
  {
    name: 'Custom illustration',
    type: 'service',
    unit: 'item',
    price: 650,
    sku: 'SVC-ILLUS',
    tax: null,
    description: 'Spot illustration, full rights.',
  },
  {
    name: 'Packaging design',
    type: 'service',
    unit: 'project',
    price: 3800,
    sku: 'SVC-PACK',
    tax: null,
    description: 'Dieline, artwork and print-ready files for one SKU.',
  },
  {
    name: 'Font license (desktop)',
    type: 'product',
    unit: 'license',
    price: 79,
    sku: 'PRD-FONT',
    tax: 2,
    description: 'Retired: we now bill fonts at cost.',
    archived: true,
  },
  {
    name: 'Email newsletter template',
    type: 'service',
    unit: 'item',
    price: 750,
    sku: 'SVC-EMAIL',
    tax: null,
    description: 'Responsive template for Mailchimp or Klaviyo.',
  },
];

function clientFields(client: DemoClient): ClientFields {
  const [line1, city, state, postal] = client.address;
  return {
    kind: client.kind,
    name: client.name,
    email: client.email,
    phone: client.phone,
    billing_line1: line1,
    billing_line2: null,
    billing_city: city,
    billing_state: state,
    billing_postal_code: postal,
    billing_country: 'US',
    shipping_line1: null,
    shipping_line2: null,
    shipping_city: null,
    shipping_state: null,
    shipping_postal_code: null,
    shipping_country: null,
    payment_terms_days: client.terms,
    notes: client.notes ?? null,
    tax_id: client.taxId ?? null,
    is_active: !client.inactive,
  };
}

/**
 * Adds the demo catalogue to a business that has none yet (no clients, products or tax rates), so
 * running it again, or on an account seeded before the catalogue existed, is safe. Each record's
 * creation is published as an event dated when it was created, so the activity log has a history.
 */
export async function seedDemoCatalog(
  tx: Db,
  params: { businessId: number; userId: number; now: Date },
): Promise<{ seeded: boolean }> {
  const { businessId, userId, now } = params;
  const existing = await Promise.all(
    (['clients', 'products', 'tax_rates'] as const).map((table) =>
      tx.selectFrom(table).select('id').where('business_id', '=', businessId).limit(1).executeTakeFirst(),
    ),
  );
  if (existing.some((row) => row !== undefined)) return { seeded: false };
  const yearAgo = new Date(now.getTime() - 365 * DAY_MS);

  const rateIds: number[] = [];
  for (const rate of DEMO_TAX_RATES) {
    const { id } = await insertTaxRate(tx, {
      businessId,
      fields: {
        name: rate.name,
        rate_thousandths: percentToThousandths(rate.rate),
        is_compound: rate.is_compound,
        is_default: rate.is_default,
      },
      now: yearAgo,
    });
    rateIds.push(id);
    await publish(tx, {
      type: 'tax_rate.created',
      businessId,
      userId,
      subject: { type: 'tax_rate', id },
      data: { name: rate.name, rate: rate.rate },
      at: yearAgo,
    });
  }

  for (const [index, product] of DEMO_PRODUCTS.entries()) {
    const createdAt = new Date(yearAgo.getTime() + index * 3 * DAY_MS);
    const { id } = await insertProduct(tx, {
      businessId,
      fields: {
        name: product.name,
        description: product.description,
        type: product.type,
        unit: product.unit,
        unit_price_cents: toCents(product.price),
        default_tax_rate_id: product.tax === null ? null : (rateIds[product.tax] ?? null),
        sku: product.sku,
        is_active: !product.archived,
      },
      now,
      createdAt,
      archivedAt: product.archived ? new Date(now.getTime() - 20 * DAY_MS) : null,
    });
    await publish(tx, {
      type: 'product.created',
      businessId,
      userId,
      subject: { type: 'product', id },
      data: { name: product.name },
      at: createdAt,
    });
  }

  for (const client of DEMO_CLIENTS) {
    const createdAt = new Date(now.getTime() - client.age * DAY_MS);
    const contacts: ContactFields[] = client.contacts.map(([name, email, phone], index) => ({
      name,
      email,
      phone,
      is_primary: index === 0,
    }));
    const archivedAt = client.archived
      ? new Date(createdAt.getTime() + Math.round((now.getTime() - createdAt.getTime()) * 0.7))
      : null;
    const { id } = await insertClient(tx, {
      businessId,
      fields: clientFields(client),
      contacts,
      now,
      createdAt,
      archivedAt,
    });
    await publish(tx, {
      type: 'client.created',
      businessId,
      userId,
      subject: { type: 'client', id },
      data: { name: client.name },
      at: createdAt,
    });
    if (archivedAt)
      await publish(tx, {
        type: 'client.archived',
        businessId,
        userId,
        subject: { type: 'client', id },
        data: { name: client.name },
        at: archivedAt,
      });
  }
  return { seeded: true };
}
