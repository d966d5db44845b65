import { parse } from 'csv-parse/sync';

/** A CSV file's rows read back by csv-parse, apart from the app's writer; every row must have as many cells as the first. */
export const parseCsv = (text: string): string[][] => parse(text, { relax_column_count: false }) as string[][];
