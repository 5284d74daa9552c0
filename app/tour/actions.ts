'use server';

import { headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { serverConfig } from '@/lib/config/server';
import { getStore } from '@/lib/store';
import { tourPost, type TourPostKind } from '@/lib/tours/booking';

// The buyer's tour page posts here, with or without JavaScript (the form's own action), and is sent on to the
// page that shows how it went (lib/tours/booking.ts).

async function post(kind: TourPostKind, formData: FormData): Promise<never> {
  const target = await tourPost(kind, formData, { store: getStore, config: serverConfig, headers: await headers(), now: Date.now });
  redirect(target);
}

export async function bookTour(formData: FormData) {
  await post('book', formData);
}

export async function moveTour(formData: FormData) {
  await post('move', formData);
}

export async function cancelTour(formData: FormData) {
  await post('cancel', formData);
}
