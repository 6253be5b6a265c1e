import { z } from 'zod';
import { messages } from '../messages.js';

/** A document the server makes, answered as its bytes with its own Content-Type instead of the JSON envelope. */
export const pdfDocument = z.any().meta({ description: 'The PDF itself (application/pdf)', format: 'binary' });

/**
 * The buyer's branch on a company's tax invoice: the Revenue Department's five-digit number, 00000 for the head
 * office (สำนักงานใหญ่), which is also what an order without it gets.
 */
export const companyBranch = z
  .string()
  .trim()
  .regex(/^\d{5}$/, messages.companyBranchInvalid.th);
