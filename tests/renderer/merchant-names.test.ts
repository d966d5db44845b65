import { describe, expect, it } from 'vitest';
import {
  cleanDescriptor,
  merchantNamer,
  rawDescriptor,
  transactionName,
} from '../../src/renderer/src/model/merchant-names';

describe('cleanDescriptor: a card network’s text to a name', () => {
  it('drops the place the transaction names from the end', () => {
    expect(
      cleanDescriptor('GOOGLE CLOUD MOUNTAIN VIEW CA', { city: 'Mountain View', state: 'CA', country: 'US' }),
    ).toBe('Google Cloud');
    expect(cleanDescriptor('AIR FRANCE PARIS FR', { city: 'Paris', state: '', country: 'FR' })).toBe('Air France');
    expect(cleanDescriptor('SHOPIFY OTTAWA ON CA', { city: 'Ottawa', state: 'ON', country: 'CA' })).toBe('Shopify');
  });

  it('drops processor prefixes and store numbers', () => {
    expect(cleanDescriptor('SQ *BLUE BOTTLE OAKLAND CA #0423', { city: 'Oakland', state: 'CA' })).toBe('Blue Bottle');
    expect(cleanDescriptor('TST* SWEETGREEN 1234 LOS ANGELES CA', { city: 'Los Angeles', state: 'CA' })).toBe(
      'Sweetgreen',
    );
    expect(cleanDescriptor('PAYPAL *NOTION')).toBe('Notion');
    expect(cleanDescriptor('SP * ALLBIRDS STORE 12')).toBe('Allbirds');
  });

  it('without a place, drops a trailing two-letter region only', () => {
    expect(cleanDescriptor('HERTZ ESTERO FL')).toBe('Hertz Estero');
    expect(cleanDescriptor('STARBUCKS')).toBe('Starbucks');
  });

  it('title-cases words and keeps acronyms in capitals', () => {
    expect(cleanDescriptor('AT&T DALLAS TX', { city: 'Dallas', state: 'TX' })).toBe('AT&T');
    expect(cleanDescriptor('UPS ATLANTA GA', { city: 'Atlanta', state: 'GA' })).toBe('UPS');
    expect(cleanDescriptor('ACME SUPPLY LLC')).toBe('Acme Supply LLC');
  });

  it('returns text that would clean to nothing as it came', () => {
    expect(cleanDescriptor('  #1234  ')).toBe('#1234');
    expect(cleanDescriptor('CA', { state: 'CA' })).toBe('Ca');
  });
});

describe('merchantNamer: the directory’s names first', () => {
  const nameOf = merchantNamer([
    { name: 'Google' },
    { name: 'Google Ads' },
    { name: 'Enterprise Rent-A-Car' },
    { name: 'Comcast Business Services Inc' },
  ]);

  it('names a descriptor after the longest directory name it starts with, at a word’s end', () => {
    expect(nameOf('GOOGLE ADS MOUNTAIN VIEW CA')).toBe('Google Ads');
    expect(nameOf('GOOGLE MOUNTAIN VIEW CA')).toBe('Google');
    expect(nameOf('ENTERPRISE RENTACAR ST. LOUIS MO')).toBe('Enterprise Rent-A-Car');
    // "GOOGLEPLEX" is another word, not Google.
    expect(nameOf('GOOGLEPLEX CAFE PALO ALTO CA', { city: 'Palo Alto', state: 'CA' })).toBe('Googleplex Cafe');
  });

  it('knows a long name the network cut', () => {
    expect(nameOf('COMCAST BUSINESS SERV PHILADELPHIA PA')).toBe('Comcast Business Services Inc');
  });

  it('sees through a processor prefix', () => {
    expect(nameOf('SQ *GOOGLE ADS')).toBe('Google Ads');
  });
});

describe('transactionName', () => {
  const nameOf = merchantNamer([{ name: 'Google Cloud' }]);
  it('keeps a description the service gave, and names one that is only the network’s text', () => {
    const location = { city: 'Mountain View', state: 'CA', country: 'US' };
    expect(
      transactionName(
        { description: 'Google Cloud', merchantData: { description: 'GOOGLE CLOUD MOUNTAIN VIEW CA', location } },
        nameOf,
      ),
    ).toBe('Google Cloud');
    expect(
      transactionName(
        {
          description: 'GOOGLE CLOUD MOUNTAIN VIEW CA',
          merchantData: { description: 'GOOGLE CLOUD MOUNTAIN VIEW CA', location },
        },
        nameOf,
      ),
    ).toBe('Google Cloud');
    expect(
      transactionName({ description: 'FIGMA SAN FRANCISCO CA', merchantDescription: 'FIGMA SAN FRANCISCO CA' }, nameOf),
    ).toBe('Figma San Francisco');
    expect(transactionName({ description: 'Wire to Vandelay Imports' }, nameOf)).toBe('Wire to Vandelay Imports');
    expect(rawDescriptor({ description: 'x', merchantData: { description: '  ' } })).toBeUndefined();
  });
});
