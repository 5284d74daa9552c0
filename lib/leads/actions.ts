'use server';

import { headers } from 'next/headers';
import { after } from 'next/server';
import { serverConfig } from '@/lib/config/server';
import { deliveryWorker } from '@/lib/delivery';
import { getStore } from '@/lib/store';
import type { LeadField } from './forms';
import type { LeadFormState } from './form-state';
import { processLead, type SubmissionContext } from './submit';

// One action per form, named for it: a Server Action is an exported function, and each form binds its own.

export async function submitInquiry(_previous: LeadFormState<LeadField<'inquiry'>>, formData: FormData) {
  return processLead('inquiry', formData, await requestContext());
}

export async function submitBroker(_previous: LeadFormState<LeadField<'broker'>>, formData: FormData) {
  return processLead('broker', formData, await requestContext());
}

async function requestContext(): Promise<SubmissionContext> {
  return { headers: await headers(), afterResponse: after, store: getStore, config: serverConfig, now: Date.now, deliver: () => deliveryWorker().wake() };
}
