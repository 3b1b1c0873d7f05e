import { daysInclusive, isOverdue, rentalStatus } from '@toolshed/core';
import type { RentalView } from '@toolshed/core/contract';
import type { FileStorage } from '../../platform/storage/file-storage.ts';
import type { RentalRow } from './rental-repository.ts';

export function toRentalView(row: RentalRow, today: string, storage: FileStorage): RentalView {
  const facts = { startDate: row.start_date, endDate: row.end_date, returned: row.returned, cancelled: row.cancelled };
  const days = daysInclusive(row.start_date, row.end_date);
  return {
    id: row.id,
    item: { id: row.item_id, name: row.item_name, imageUrl: row.thumb_key ? storage.url(row.thumb_key) : null },
    owner: { id: row.owner_id, name: row.owner_name },
    renter: { id: row.renter_id, name: row.renter_name },
    startDate: row.start_date,
    endDate: row.end_date,
    days,
    // Older rentals (seeded) did not record the rate; it follows from their total.
    dailyRatePence: row.daily_rate_pence ?? Math.round(row.total_pence / days),
    totalPence: row.total_pence,
    status: rentalStatus(facts, today),
    overdue: isOverdue(facts, today),
    orderId: row.payment_id,
    createdAt: new Date(row.created_at).toISOString(),
  };
}
