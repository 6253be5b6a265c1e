import { describe, expect, test } from 'vitest';
import { i18nProvider } from './i18n-provider';

describe('the back office in Thai', () => {
  test('a count of many reads as many: two ticked rows are "เลือก 2 รายการ", one is "เลือก 1 รายการ"', () => {
    expect(i18nProvider.translate('ra.action.bulk_actions', { smart_count: 2 })).toBe('เลือก 2 รายการ');
    expect(i18nProvider.translate('ra.action.bulk_actions', { smart_count: 1 })).toBe('เลือก 1 รายการ');
    // A phrase with one wording keeps it for every count.
    expect(i18nProvider.translate('admin.order.rejected', { smart_count: 3 })).toBe('ปฏิเสธแล้ว 3 รายการ');
  });

  test('English keeps its one and many forms', async () => {
    await i18nProvider.changeLocale('en');
    expect(i18nProvider.translate('ra.action.bulk_actions', { smart_count: 2 })).toBe('2 items selected');
    expect(i18nProvider.translate('ra.action.bulk_actions', { smart_count: 1 })).toBe('1 item selected');
    await i18nProvider.changeLocale('th');
  });
});
