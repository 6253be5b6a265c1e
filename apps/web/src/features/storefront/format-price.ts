const baht = new Intl.NumberFormat('th-TH', { style: 'currency', currency: 'THB' });

/** 1990 -> "฿1,990.00" */
export const formatBaht = (amount: number) => baht.format(amount);
