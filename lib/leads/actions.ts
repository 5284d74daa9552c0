'use server';

import { headers } from 'next/headers';
import type { LeadField } from './forms';
import type { LeadFormState } from './form-state';
import { requestContext } from './request-context';
import { processLead } from './submit';

// One action per form, named for it: a Server Action is an exported function, and each form binds its own.

export async function submitInquiry(_previous: LeadFormState<LeadField<'inquiry'>>, formData: FormData) {
  return processLead('inquiry', formData, requestContext(await headers()));
}

export async function submitBroker(_previous: LeadFormState<LeadField<'broker'>>, formData: FormData) {
  return processLead('broker', formData, requestContext(await headers()));
}
