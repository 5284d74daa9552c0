// The estates as the portal and its price list show them: the store's own types, stated once there.
export { ESTATE_STATUSES, type Estate, type EstateStatus } from '@/lib/store/types';
