import { bangkokDate } from '@sikkha/contract/rules';
import { downloadCSV, type Exporter } from 'react-admin';
import { type CsvOrder, ordersCsv } from './orders-csv';

/**
 * The order screens' export: the filtered rows as staff read them (orders-csv.ts: Thai or English headers and
 * words, Bangkok dates, amounts with 2 decimals, formula cells guarded, nothing secret), with a byte-order mark so
 * Excel reads the Thai.
 */
export const ordersExporter =
  (locale: string): Exporter =>
  (records, _fetchRelated, _dataProvider, resource) => {
    const csv = ordersCsv(records as CsvOrder[], locale === 'en' ? 'en' : 'th');
    downloadCSV(`\uFEFF${csv}`, `${resource ?? 'orders'}-${bangkokDate(new Date())}`);
  };
