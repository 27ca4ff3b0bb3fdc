// @paystack/inline-js ships no types. This covers the one call checkout makes (resumeTransaction
// with the access code the server got from Paystack), as its README documents it.
declare module '@paystack/inline-js' {
  export interface PaystackCallbacks {
    onSuccess?: (transaction: { id: number; reference: string; message: string }) => void;
    onCancel?: () => void;
    onError?: (error: { message: string }) => void;
    onLoad?: (transaction: { id: number; accessCode: string }) => void;
  }

  export default class PaystackPop {
    resumeTransaction(accessCode: string, callbacks?: PaystackCallbacks): unknown;
  }
}
