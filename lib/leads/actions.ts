'use server';

import { headers } from 'next/headers';
import { after } from 'next/server';
import type { BrokerField, InquiryField } from './fields';
import type { LeadFormState } from './form-state';
import { brokerForm, inquiryForm, processLead } from './submit';

export async function submitInquiry(
  _previous: LeadFormState<InquiryField>,
  formData: FormData,
): Promise<LeadFormState<InquiryField>> {
  return processLead(inquiryForm, formData, { headers: await headers(), afterResponse: after });
}

export async function requestBrokerAccess(
  _previous: LeadFormState<BrokerField>,
  formData: FormData,
): Promise<LeadFormState<BrokerField>> {
  return processLead(brokerForm, formData, { headers: await headers(), afterResponse: after });
}
