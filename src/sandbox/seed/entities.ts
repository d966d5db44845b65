import type { CardStatus, SpendingConstraint } from '../../shared/service';
import { DAY_MS, dayIn } from '../world/clock';
import type { IdFactory, Rng } from '../world/ids';
import { iso } from '../world/instant';
import type {
  AccountRecord,
  CardGroupRecord,
  CardProductRecord,
  CardRecord,
  CommissionRuleRecord,
  LegalEntityRecord,
  MerchantRecord,
  SvcHandleRecord,
  VirtualAccountRecord,
  WebhookRecord,
} from '../world/records';

/** The deterministic cast of the simulated company: same seed, same entities. */
export interface SeededEntities {
  legalEntity: LegalEntityRecord;
  accounts: AccountRecord[];
  virtualAccounts: VirtualAccountRecord[];
  primaryVirtualAccountId: string;
  commissionRules: CommissionRuleRecord[];
  cardGroups: CardGroupRecord[];
  cardProducts: CardProductRecord[];
  cards: CardRecord[];
  merchants: MerchantRecord[];
  svcHandles: SvcHandleRecord[];
  ownSvcHandleId: string;
  webhooks: WebhookRecord[];
}

const MERCHANTS: readonly [string, string, string, string, string, string][] = [
  // name, mcc, city, state, country, zip
  ['Amazon Web Services', '4816', 'Seattle', 'WA', 'US', '98109'],
  ['Delta Air Lines', '3058', 'Atlanta', 'GA', 'US', '30320'],
  ['United Airlines', '3000', 'Chicago', 'IL', 'US', '60666'],
  ['Marriott Hotels', '3509', 'Bethesda', 'MD', 'US', '20817'],
  ['Hilton Hotels', '3504', 'McLean', 'VA', 'US', '22102'],
  ['Uber', '4121', 'San Francisco', 'CA', 'US', '94158'],
  ['Lyft', '4121', 'San Francisco', 'CA', 'US', '94107'],
  ['Staples', '5943', 'Framingham', 'MA', 'US', '01702'],
  ['Office Depot', '5943', 'Boca Raton', 'FL', 'US', '33496'],
  ['Google Cloud', '7372', 'Mountain View', 'CA', 'US', '94043'],
  ['Microsoft Azure', '7372', 'Redmond', 'WA', 'US', '98052'],
  ['Slack', '7372', 'San Francisco', 'CA', 'US', '94105'],
  ['Zoom', '4899', 'San Jose', 'CA', 'US', '95113'],
  ['GitHub', '7372', 'San Francisco', 'CA', 'US', '94107'],
  ['Atlassian', '7372', 'Sydney', 'NSW', 'AU', '2000'],
  ['Notion Labs', '7372', 'San Francisco', 'CA', 'US', '94110'],
  ['Figma', '7372', 'San Francisco', 'CA', 'US', '94107'],
  ['Adobe', '5734', 'San Jose', 'CA', 'US', '95110'],
  ['Salesforce', '7372', 'San Francisco', 'CA', 'US', '94105'],
  ['HubSpot', '7372', 'Cambridge', 'MA', 'US', '02141'],
  ['Starbucks', '5814', 'Seattle', 'WA', 'US', '98134'],
  ['Blue Bottle Coffee', '5814', 'Oakland', 'CA', 'US', '94607'],
  ['Sweetgreen', '5812', 'Los Angeles', 'CA', 'US', '90066'],
  ['DoorDash', '5812', 'San Francisco', 'CA', 'US', '94107'],
  ['Whole Foods Market', '5411', 'Austin', 'TX', 'US', '78703'],
  ['Costco', '5300', 'Issaquah', 'WA', 'US', '98027'],
  ['Home Depot', '5200', 'Atlanta', 'GA', 'US', '30339'],
  ['FedEx', '4215', 'Memphis', 'TN', 'US', '38120'],
  ['UPS', '4215', 'Atlanta', 'GA', 'US', '30328'],
  ['USPS', '9402', 'Washington', 'DC', 'US', '20260'],
  ['Shell', '5541', 'Houston', 'TX', 'US', '77002'],
  ['Chevron', '5541', 'San Ramon', 'CA', 'US', '94583'],
  ['WeWork', '6513', 'New York', 'NY', 'US', '10011'],
  ['Regus', '6513', 'Dallas', 'TX', 'US', '75201'],
  ['LinkedIn', '7311', 'Sunnyvale', 'CA', 'US', '94085'],
  ['Meta Ads', '7311', 'Menlo Park', 'CA', 'US', '94025'],
  ['Google Ads', '7311', 'Mountain View', 'CA', 'US', '94043'],
  ['Apple', '5732', 'Cupertino', 'CA', 'US', '95014'],
  ['Best Buy', '5732', 'Richfield', 'MN', 'US', '55423'],
  ['Dell Technologies', '5045', 'Round Rock', 'TX', 'US', '78682'],
  ['Airbnb', '4722', 'San Francisco', 'CA', 'US', '94103'],
  ['Expedia', '4722', 'Seattle', 'WA', 'US', '98119'],
  ['Hertz', '3357', 'Estero', 'FL', 'US', '33928'],
  ['Enterprise Rent-A-Car', '3405', 'St. Louis', 'MO', 'US', '63105'],
  ['British Airways', '3005', 'London', '', 'GB', 'TW6 2JA'],
  ['Lufthansa', '3008', 'Frankfurt', '', 'DE', '60546'],
  ['Air France', '3007', 'Paris', '', 'FR', '95747'],
  ['Pret A Manger', '5814', 'London', '', 'GB', 'SE1 9PX'],
  ['Deutsche Bahn', '4112', 'Berlin', '', 'DE', '10785'],
  ['SNCF', '4112', 'Paris', '', 'FR', '93200'],
  ['Shopify', '7372', 'Ottawa', 'ON', 'CA', 'K2P 1L4'],
  ['Tim Hortons', '5814', 'Toronto', 'ON', 'CA', 'M5J 2T3'],
  ['Rakuten', '5399', 'Tokyo', '', 'JP', '158-0094'],
  ['DigitalOcean', '4816', 'New York', 'NY', 'US', '10013'],
  ['Cloudflare', '4816', 'San Francisco', 'CA', 'US', '94107'],
  ['Twilio', '4814', 'San Francisco', 'CA', 'US', '94105'],
  ['Verizon', '4814', 'New York', 'NY', 'US', '10036'],
  ['AT&T', '4814', 'Dallas', 'TX', 'US', '75202'],
  ['Comcast Business', '4899', 'Philadelphia', 'PA', 'US', '19103'],
  ['Gusto', '8931', 'San Francisco', 'CA', 'US', '94103'],
];

const CARD_NAMES = [
  'Engineering SaaS',
  'Marketing Ads',
  'Travel - Alice',
  'Travel - Bob',
  'Office Supplies',
  'Team Lunches',
  'Cloud Hosting',
  'Recruiting',
  'Conference Budget',
  'Sales Travel',
  'Design Tools',
  'Shipping',
  'Fuel Card - Van 1',
  'Fuel Card - Van 2',
  'Hardware Purchases',
  'Coworking',
  'Telecom',
  'Payroll Tools',
  'One-off Vendor Payment',
  'Trial Signup',
  'Subscriptions',
  'Events',
  'Customer Gifts',
  'Legal Services',
];

/**
 * Builds every entity but transactions. Cards cover every status, virtual and physical,
 * single-use or not; groups carry constraints of every kind so authorizations have rules to check.
 */
export function seedEntities(rng: Rng, ids: IdFactory, now: number): SeededEntities {
  const legalEntity: LegalEntityRecord = { id: ids.next('le'), name: 'Acme Robotics, Inc.', structure: 'ccorp' };
  const opened = now - 400 * DAY_MS;
  const routing = '0210' + rng.digits(5);
  const checking: AccountRecord = {
    id: ids.next('acct'),
    legalEntityId: legalEntity.id,
    type: 'debit',
    status: 'open',
    name: 'Operating Checking',
    accountNumber: rng.digits(12),
    routingNumber: routing,
    createdAt: iso(opened),
    balances: ['cash'],
  };
  const charge: AccountRecord = {
    id: ids.next('acct'),
    legalEntityId: legalEntity.id,
    type: 'charge_card',
    status: 'open',
    name: 'Corporate Charge Card',
    accountNumber: rng.digits(12),
    routingNumber: routing,
    createdAt: iso(opened + DAY_MS),
    balances: ['cash', 'credit'],
  };

  const va = (name: string, type: 'default' | 'primary', createdMs: number): VirtualAccountRecord => ({
    id: ids.next('va'),
    name,
    accountId: checking.id,
    accountType: type,
    accountNumber: rng.digits(12),
    routingNumber: routing,
    closedAt: null,
    createdAt: iso(createdMs),
  });
  const primary = va('Operating (primary)', 'primary', opened);
  const virtualAccounts = [
    primary,
    va('Payroll', 'default', opened + 2 * DAY_MS),
    va('Marketing', 'default', opened + 3 * DAY_MS),
    va('Engineering', 'default', opened + 4 * DAY_MS),
    va('Travel', 'default', opened + 5 * DAY_MS),
    va('Client Escrow - Globex', 'default', opened + 30 * DAY_MS),
    va('Old Project Fund', 'default', opened + 40 * DAY_MS),
  ];
  const closed = virtualAccounts[virtualAccounts.length - 1] as VirtualAccountRecord;
  closed.closedAt = iso(now - 60 * DAY_MS);

  const escrow = virtualAccounts[5] as VirtualAccountRecord;
  const commissionRules: CommissionRuleRecord[] = [
    {
      id: ids.next('cr'),
      virtualAccountId: escrow.id,
      amountCents: 25_000,
      frequency: 'monthly',
      // Due again soon after start-up, so a clock advance shows a collection.
      startDate: iso(now - 90 * DAY_MS + 5 * DAY_MS),
      applied: 3,
    },
  ];

  const groupConstraints: (SpendingConstraint | undefined)[] = [
    { merchantCategoryCodeRule: { merchantCategoryCodes: ['7372', '4816', '5734'], restriction: 'allowlist' } },
    {
      spendingRule: {
        utilizationLimit: {
          limitAmount: { amountCents: 5_000_000 },
          preset: 'monthly',
          timezone: 'America/New_York',
          startDate: dayIn(now, 'America/New_York'),
        },
        transactionSizeLimit: { maximum: { amountCents: 500_000 } },
      },
      countryRule: { countries: ['US', 'CA', 'GB', 'DE', 'FR'], restriction: 'allowlist' },
    },
    {
      spendingRule: {
        utilizationLimitV2: [
          { limitAmount: { amountCents: 20_000 }, preset: 'daily' },
          { limitAmount: { amountCents: 300_000 }, preset: 'monthly' },
        ],
      },
    },
    undefined,
  ];
  const groupNames = ['Software', 'Travel', 'Meals', 'General'];
  const groupVa = [virtualAccounts[3], virtualAccounts[4], virtualAccounts[1], undefined];
  const cardGroups: CardGroupRecord[] = groupNames.map((name, i) => ({
    id: ids.next('cg'),
    name,
    ...(groupVa[i] ? { virtualAccountId: (groupVa[i] as VirtualAccountRecord).id } : {}),
    ...(groupConstraints[i] ? { spendingConstraint: groupConstraints[i] } : {}),
    createdAt: iso(opened + (10 + i) * DAY_MS),
  }));

  const cardProducts: CardProductRecord[] = [
    { id: ids.next('cp'), prefix: '424242', status: 'active' },
    { id: ids.next('cp'), prefix: '555555', status: 'active' },
    { id: ids.next('cp'), prefix: '400000', status: 'inactive' },
  ];

  const statuses: CardStatus[] = ['active', 'active', 'active', 'paused', 'inactive', 'closed'];
  const openVas = virtualAccounts.filter((v) => v.closedAt === null);
  const cards: CardRecord[] = CARD_NAMES.map((name, i) => {
    const product = cardProducts[i % 2] as CardProductRecord;
    const pan = product.prefix + rng.digits(9);
    const luhnPan = pan + luhnCheckDigit(pan);
    const group = i % 5 === 4 ? undefined : (cardGroups[i % cardGroups.length] as CardGroupRecord);
    const vaForCard = group?.virtualAccountId ?? (openVas[i % openVas.length] as VirtualAccountRecord).id;
    const createdMs = opened + (20 + i * 11) * DAY_MS;
    const card: CardRecord = {
      id: ids.next('card'),
      accountId: i % 7 === 6 ? charge.id : checking.id,
      virtualAccountId: vaForCard,
      last4: luhnPan.slice(-4),
      pan: luhnPan,
      cvv: rng.digits(3),
      name,
      expiryMonth: String(rng.int(1, 12)).padStart(2, '0'),
      expiryYear: String(new Date(now).getUTCFullYear() + rng.int(1, 4)),
      status: statuses[i % statuses.length] as CardStatus,
      isPhysical: i % 4 === 1,
      isSingleUse: name === 'One-off Vendor Payment' || name === 'Trial Signup',
      createdAt: iso(Math.min(createdMs, now - DAY_MS)),
      cardProductId: product.id,
      ...(group ? { cardGroupId: group.id } : {}),
    };
    if (i === 2)
      card.spendingConstraint = {
        spendingRule: { transactionSizeLimit: { minimum: { amountCents: 100 }, maximum: { amountCents: 250_000 } } },
      };
    if (i === 6) card.userData = { costCenter: 'ENG-42', owner: 'platform-team' };
    return card;
  });
  // Single-use cards: one still unused and active, so a demo can watch it close.
  for (const c of cards) if (c.isSingleUse) c.status = c.name === 'Trial Signup' ? 'active' : 'closed';

  const merchants: MerchantRecord[] = MERCHANTS.map(([name, mcc, city, state, country, zip]) => ({
    id: ids.next('mer'),
    name,
    url: `https://www.${name.toLowerCase().replace(/[^a-z0-9]+/g, '')}.example`,
    categoryCode: mcc,
    city,
    state,
    country,
    zip,
  }));

  const own: SvcHandleRecord = {
    id: ids.next('sh'),
    svcHandle: 'acme-robotics',
    name: legalEntity.name,
    accountId: checking.id,
    virtualAccountId: primary.id,
  };
  const payees = [
    'globex-corp',
    'initech',
    'umbrella-supplies',
    'stark-industries',
    'wayne-enterprises',
    'hooli',
    'pied-piper',
    'vandelay-imports',
  ];
  const svcHandles: SvcHandleRecord[] = [
    own,
    ...payees.map((h) => ({
      id: ids.next('sh'),
      svcHandle: h,
      name: h
        .split('-')
        .map((w) => w[0]?.toUpperCase() + w.slice(1))
        .join(' '),
      accountId: ids.next('acct'),
    })),
  ];

  const webhooks: WebhookRecord[] = [
    {
      id: ids.next('wh'),
      legalEntityId: legalEntity.id,
      name: 'ERP sync',
      url: 'https://erp.acme.example/hooks/svc',
      createdAt: iso(opened + 50 * DAY_MS),
      archivedAt: null,
    },
    {
      id: ids.next('wh'),
      legalEntityId: legalEntity.id,
      name: 'Old Slack bot',
      url: 'https://hooks.acme.example/slack',
      createdAt: iso(opened + 20 * DAY_MS),
      archivedAt: iso(now - 100 * DAY_MS),
      reason: 'replaced by ERP sync',
    },
  ];

  return {
    legalEntity,
    accounts: [checking, charge],
    virtualAccounts,
    primaryVirtualAccountId: primary.id,
    commissionRules,
    cardGroups,
    cardProducts,
    cards,
    merchants,
    svcHandles,
    ownSvcHandleId: own.id,
    webhooks,
  };
}

export function luhnCheckDigit(digits: string): string {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 0) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return String((10 - (sum % 10)) % 10);
}
