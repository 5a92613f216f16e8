import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpCompany } from '../../core/src/services/auth/signup';
import { createTestDatabase, type TestDatabase } from '../../test/db';
import { DEMO_COMPANY, seedDemoData } from '../src/seed/demo';
import { STRONG_PASSWORD } from './helpers';

// One function creates a company; signup and the demo seed must store the same billing fields for the same seats.
let t: TestDatabase;
const NOW = new Date('2026-11-24T09:00:00Z');
const billingColumns = [
  'subscription_status',
  'subscription_type',
  'subscription_active',
  'trial_ends_at',
  'admin_seats',
  'junior_seats',
  'price_per_month',
  'subscription_price',
  'discount_percentage',
] as const;

beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(() => t.drop());

describe('a new company', () => {
  it('is stored alike by signup and by the demo seed, the 7-seat demo at the 10 % tier', async () => {
    await seedDemoData(t.db, NOW);
    await signUpCompany(
      t.db,
      {
        companyName: 'Seven Seats Ltd',
        companyDomain: 'seven.example',
        fullName: 'Sam Seven',
        email: 'sam@seven.example',
        password: STRONG_PASSWORD,
        billing: 'monthly',
        adminSeats: 2,
        brokerSeats: 5,
      },
      { ip: '203.0.113.7', now: NOW },
    );
    const rows = await t.db
      .selectFrom('companies')
      .select([...billingColumns, 'name'])
      .where('name', 'in', [DEMO_COMPANY, 'Seven Seats Ltd'])
      .orderBy('name')
      .execute();
    expect(rows).toHaveLength(2);
    const [demo, signedUp] = rows.map(({ name: _name, ...billing }) => billing);
    expect(demo).toEqual(signedUp);
    expect(demo).toMatchObject({
      subscription_status: 'trialing',
      admin_seats: 2,
      junior_seats: 5,
      price_per_month: '27.00',
      discount_percentage: 10,
      trial_ends_at: new Date('2027-01-23T09:00:00Z'),
    });
  });
});
