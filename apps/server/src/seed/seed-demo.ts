import type { FastifyInstance } from 'fastify';
import type { PackLine } from '@vsp/contract/wallet-assets';
import { runAdminCommand, type AdminDeps } from '../admin-cli/admin-commands';
import type { RechargeRepository } from '../modules/recharge';

/** The demo world's working gift code (shared, case sensitive), printed at start-up. */
export const DEMO_GIFT_CODE = 'AvatarParty2025';

export const DEMO_PASSWORD = 'demo12345';

/**
 * The demo operator's authenticator-app key (decision 0155): the demo world only, so a developer and
 * the browser tests can compute its codes. A real operator enrols their own at the first sign-in.
 */
export const DEMO_TOTP_SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

export const DEMO_ACCOUNTS = [
  { userName: 'demo', email: 'demo@example.com', nickname: 'Demo Player', role: 'player' },
  { userName: 'operator', email: 'operator@example.com', nickname: 'Operator', role: 'operator' },
] as const;

/** The demo world's top-up catalogue: a default configuration (USD) and one for Malaysia (MYR). */
const DIAMOND_TIERS = [
  { amount: 60, bonus: 0, usd: 99, myr: 490 },
  { amount: 300, bonus: 30, usd: 499, myr: 2290 },
  { amount: 980, bonus: 110, usd: 1499, myr: 6990 },
  { amount: 1980, bonus: 260, usd: 2999, myr: 13990 },
  { amount: 3280, bonus: 600, usd: 4999, myr: 22990 },
  { amount: 6480, bonus: 1600, usd: 9999, myr: 45990 },
];

const DEMO_PACKS: { name: Record<string, string>; contents: PackLine[]; limit: number; usd: number; myr: number }[] = [
  {
    name: {
      en: 'Starter Pack',
      'zh-Hans': '新手礼包',
      'zh-Hant': '新手禮包',
      ms: 'Pek Permulaan',
      in: 'Paket Pemula',
      ar: 'حزمة البداية',
      vi: 'Gói Tân Thủ',
      th: 'แพ็กเริ่มต้น',
      tl: 'Starter Pack',
      hi: 'स्टार्टर पैक',
      ko: '스타터 패키지',
      tr: 'Başlangıç Paketi',
    },
    contents: [
      { asset: 'gold_coins', quantity: 100 },
      { asset: 'diamonds', quantity: 60 },
      { asset: 'party_hat', quantity: 1 },
    ],
    limit: 1,
    usd: 99,
    myr: 490,
  },
  {
    name: {
      en: 'Weekly Dress-up Pack',
      'zh-Hans': '每周换装礼包',
      'zh-Hant': '每週換裝禮包',
      ms: 'Pek Gaya Mingguan',
      in: 'Paket Dandan Mingguan',
      ar: 'حزمة الأزياء الأسبوعية',
      vi: 'Gói Thời Trang Hằng Tuần',
      th: 'แพ็กแต่งตัวประจำสัปดาห์',
      tl: 'Lingguhang Dress-up Pack',
      hi: 'साप्ताहिक ड्रेस-अप पैक',
      ko: '주간 코디 패키지',
      tr: 'Haftalık Giydirme Paketi',
    },
    contents: [
      { asset: 'dressup_diamond_voucher', quantity: 5 },
      { asset: 'cosmetic_coupon', quantity: 10 },
      { asset: 'gift_package', quantity: 1 },
    ],
    limit: 3,
    usd: 499,
    myr: 2290,
  },
  {
    name: {
      en: 'Lucky Wishes Pack',
      'zh-Hans': '幸运心愿礼包',
      'zh-Hant': '幸運心願禮包',
      ms: 'Pek Hajat Bertuah',
      in: 'Paket Harapan Beruntung',
      ar: 'حزمة الأمنيات السعيدة',
      vi: 'Gói Điều Ước May Mắn',
      th: 'แพ็กคำอธิษฐานนำโชค',
      tl: 'Lucky Wishes Pack',
      hi: 'लकी विशेज़ पैक',
      ko: '행운의 소원 패키지',
      tr: 'Şanslı Dilekler Paketi',
    },
    contents: [
      { asset: 'wishing_coins', quantity: 50 },
      { asset: 'surprise_points', quantity: 200 },
      { asset: 'starry_hair', quantity: 1 },
    ],
    limit: 5,
    usd: 999,
    myr: 4590,
  },
];

/** Payment methods: brand names of the sandbox gateway's test methods (and Stripe when configured). */
const DEMO_METHODS = [
  { country: '*', name: 'Sandbox Card', provider: 'sandbox', featured: true },
  { country: '*', name: 'Sandbox E-Wallet', provider: 'sandbox', featured: true },
  { country: '*', name: 'Card (Stripe)', provider: 'stripe', featured: true },
  { country: '*', name: 'Sandbox Bank Transfer', provider: 'sandbox', featured: false },
  { country: '*', name: 'Sandbox Prepaid Card', provider: 'sandbox', featured: false },
  { country: 'MY', name: 'Sandbox FPX', provider: 'sandbox', featured: true },
  { country: 'MY', name: "Sandbox Touch 'n Go", provider: 'sandbox', featured: true },
  { country: 'MY', name: 'Sandbox Card', provider: 'sandbox', featured: false },
];

export async function seedCatalogue(recharge: RechargeRepository) {
  await recharge.insertProducts([
    ...DIAMOND_TIERS.map((t, i) => ({ country: '*', asset: 'diamonds', amount: t.amount, bonus: t.bonus, priceMinor: t.usd, currency: 'USD', sort: i })),
    ...DIAMOND_TIERS.map((t, i) => ({ country: 'MY', asset: 'diamonds', amount: t.amount, bonus: t.bonus, priceMinor: t.myr, currency: 'MYR', sort: i })),
  ]);
  await recharge.insertGiftPacks([
    ...DEMO_PACKS.map((p, i) => ({ country: '*', name: p.name, contents: p.contents, priceMinor: p.usd, currency: 'USD', purchaseLimit: p.limit, sort: i })),
    ...DEMO_PACKS.map((p, i) => ({ country: 'MY', name: p.name, contents: p.contents, priceMinor: p.myr, currency: 'MYR', purchaseLimit: p.limit, sort: i })),
  ]);
  await recharge.insertPaymentMethods(DEMO_METHODS.map((m, i) => ({ ...m, sort: i })));
}

/**
 * Seeds the demo world on an empty database (never in production) through the app's services;
 * answers whether it did. The accounts are made by the admin CLI's create-user command, so they
 * pass the same rules.
 */
export async function seedDemoWorld(app: AdminDeps & Pick<FastifyInstance, 'rechargeRepository' | 'gifts' | 'operatorsRepository'>) {
  if ((await app.accountsRepository.count()) > 0) return false;
  for (const account of DEMO_ACCOUNTS) {
    const created = await runAdminCommand(app, { command: 'create-user', ...account, password: DEMO_PASSWORD }, 'seed-demo');
    if (account.role === 'operator') await app.operatorsRepository.enrolConfirmedTotp(created.uid, DEMO_TOTP_SECRET, new Date());
  }
  await seedCatalogue(app.rechargeRepository);
  const now = Date.now();
  await app.gifts.createCampaign({
    name: 'Welcome gift',
    contents: [
      { asset: 'gold_coins', quantity: 100 },
      { asset: 'diamonds', quantity: 10 },
      { asset: 'gift_package', quantity: 1 },
    ],
    startsAt: new Date(now - 60_000).toISOString(),
    endsAt: new Date(now + 365 * 24 * 3_600_000).toISOString(),
    totalCap: 100_000,
    sharedCode: DEMO_GIFT_CODE,
  });
  return true;
}
