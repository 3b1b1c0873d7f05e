/**
 * Each operation's `operationId`, the name a generated client gives its function and types, keyed
 * by method and OpenAPI path. Declared here, in one place, so the names read as one vocabulary
 * (list, get, create, update, delete, and the verbs of the rental process) and stay stable when a
 * route moves between files. An operation missing here gets one derived from its method and path
 * (`derivedOperationId`); openapi-document.test.ts asks for every one to be declared.
 */
export const OPERATION_IDS: Readonly<Record<string, string>> = {
  'POST /api/auth/sign-up/email': 'signUp',
  'POST /api/auth/sign-in/email': 'signIn',
  'POST /api/auth/sign-out': 'signOut',
  'GET /api/auth/get-session': 'getSession',
  'GET /api/auth/verify-email': 'verifyEmail',
  'POST /api/auth/send-verification-email': 'sendVerificationEmail',
  'POST /api/auth/request-password-reset': 'requestPasswordReset',
  'POST /api/auth/reset-password': 'resetPassword',

  'GET /api/categories': 'listCategories',
  'GET /api/categories/{categoryId}/items': 'browseItems',
  'GET /api/categories/{categoryId}/items/map': 'browseItemsMap',
  'GET /api/search/suggestions': 'listSearchSuggestions',
  'GET /api/items/{itemId}': 'getItem',
  'PUT /api/items/{itemId}': 'updateItem',
  'DELETE /api/items/{itemId}': 'deleteItem',
  'POST /api/items': 'createItem',
  'POST /api/items/{itemId}/images': 'addItemImage',
  'DELETE /api/items/{itemId}/images/{imageId}': 'deleteItemImage',
  'PUT /api/items/{itemId}/images/order': 'reorderItemImages',
  'GET /api/me/items': 'listMyItems',
  'GET /api/owners/{ownerId}': 'getOwner',
  'GET /api/owners/{ownerId}/reviews': 'listOwnerReviews',
  'GET /api/owners/{ownerId}/items': 'listOwnerItems',

  'GET /api/me': 'getProfile',
  'PATCH /api/me': 'updateProfile',
  'DELETE /api/me': 'deleteAccount',
  'PUT /api/me/address': 'setAddress',
  'POST /api/me/picture': 'setProfilePicture',
  'DELETE /api/me/picture': 'deleteProfilePicture',
  'PUT /api/me/vacation': 'setVacation',
  'DELETE /api/me/vacation': 'endVacation',
  'POST /api/me/phone/code': 'sendPhoneCode',
  'POST /api/me/phone/verify': 'verifyPhone',
  'DELETE /api/me/phone': 'deletePhone',
  'POST /api/me/calendar-feed': 'createCalendarFeed',
  'DELETE /api/me/calendar-feed': 'deleteCalendarFeed',
  'GET /api/calendar/{file}': 'getCalendarFeed',
  'GET /api/me/export': 'exportAccountData',
  'GET /api/me/deletion': 'getAccountDeletion',
  'GET /api/me/calendar-sources': 'listCalendarSources',
  'POST /api/me/calendar-sources': 'addCalendarSource',
  'DELETE /api/me/calendar-sources/{sourceId}': 'deleteCalendarSource',

  'GET /api/notifications/unread-count': 'countUnreadNotifications',
  'GET /api/notifications': 'listNotifications',
  'POST /api/notifications/open': 'openNotificationEntry',
  'POST /api/notifications/{id}/read': 'markNotificationRead',
  'POST /api/notifications/read-all': 'markAllNotificationsRead',
  'GET /api/me/notification-preferences': 'getNotificationPreferences',
  'PUT /api/me/notification-preferences': 'setNotificationPreferences',

  'GET /api/items/{itemId}/messages': 'listItemMessages',
  'GET /api/items/{itemId}/messages/people': 'listItemMessagePeople',
  'POST /api/items/{itemId}/messages': 'sendItemMessage',
  'POST /api/items/{itemId}/messages/read': 'markItemMessagesRead',

  'POST /api/wheelbarrow/check': 'checkWheelbarrow',
  'GET /api/payments/config': 'getPaymentsConfig',
  'POST /api/checkout': 'checkout',
  'GET /api/checkout/attempts/{attemptId}': 'getCheckoutAttempt',
  'POST /api/checkout/attempts/{attemptId}/confirm': 'confirmCheckout',
  'POST /api/bank/challenges/{attemptId}': 'answerBankChallenge',
  'GET /api/me/wheelbarrow': 'getSavedWheelbarrow',
  'PUT /api/me/wheelbarrow': 'saveWheelbarrow',
  'GET /api/me/renter-standing': 'getRenterStanding',
  'GET /api/me/saved': 'listSavedItems',
  'GET /api/me/saved/ids': 'listSavedItemIds',
  'PUT /api/me/saved/{itemId}': 'saveItem',
  'DELETE /api/me/saved/{itemId}': 'unsaveItem',
  'GET /api/me/saved-searches': 'listSavedSearches',
  'POST /api/me/saved-searches': 'saveSearch',
  'PATCH /api/me/saved-searches/{searchId}': 'changeSavedSearch',
  'DELETE /api/me/saved-searches/{searchId}': 'deleteSavedSearch',
  'POST /api/saved-searches/unsubscribe/{token}': 'unsubscribeSavedSearch',
  'POST /api/wanted': 'createWantedPost',
  'GET /api/wanted': 'listWantedPosts',
  'GET /api/wanted/{postId}': 'getWantedPost',
  'POST /api/wanted/{postId}/close': 'closeWantedPost',
  'POST /api/wanted/{postId}/offers': 'offerForWantedPost',
  'GET /api/me/wanted': 'listMyWantedPosts',
  'GET /api/me/date-watches': 'listDateWatches',
  'POST /api/me/date-watches': 'createDateWatch',
  'DELETE /api/me/date-watches/{watchId}': 'deleteDateWatch',
  'GET /api/me/blocks': 'listBlockedMembers',
  'GET /api/me/blocks/{memberId}': 'getBlock',
  'POST /api/me/blocks/{memberId}': 'blockMember',
  'DELETE /api/me/blocks/{memberId}': 'unblockMember',
  'POST /api/reports': 'createReport',

  'GET /api/me/balance': 'getBalance',
  'GET /api/me/transactions': 'listTransactions',
  'GET /api/me/transactions.csv': 'exportTransactionsCsv',
  'POST /api/me/withdrawals': 'createWithdrawal',
  'GET /api/me/withdrawals/{withdrawalId}': 'getWithdrawal',
  'GET /api/me/withdrawals': 'listWithdrawals',
  'GET /api/me/bank-account': 'getBankAccount',
  'PUT /api/me/bank-account': 'saveBankAccount',
  'DELETE /api/me/bank-account': 'removeBankAccount',

  'GET /api/me/rentals': 'listMyRentals',
  'GET /api/me/lent-rentals': 'listLentRentals',
  'GET /api/rentals/{rentalId}': 'getRental',
  'POST /api/rentals/{rentalId}/cancel': 'cancelRental',
  'POST /api/rentals/{rentalId}/return': 'returnRental',
  'GET /api/orders/{orderId}': 'getOrder',
  'POST /api/rentals/{rentalId}/accept': 'acceptRentalRequest',
  'POST /api/rentals/{rentalId}/decline': 'declineRentalRequest',
  'POST /api/rentals/{rentalId}/withdraw': 'withdrawRentalRequest',
  'GET /api/rentals/{rentalId}/extension': 'getRentalExtension',
  'POST /api/rentals/{rentalId}/extension': 'requestRentalExtension',
  'POST /api/rentals/{rentalId}/extension/accept': 'acceptRentalExtension',
  'POST /api/rentals/{rentalId}/extension/decline': 'declineRentalExtension',
  'POST /api/rentals/{rentalId}/extension/withdraw': 'withdrawRentalExtension',
  'GET /api/rentals/{rentalId}/deposit': 'getRentalDeposit',
  'PUT /api/rentals/{rentalId}/deposit/card': 'giveRentalDepositCard',
  'GET /api/deposit-challenges/{challengeId}': 'getDepositChallenge',
  'POST /api/bank/deposit-challenges/{challengeId}': 'answerBankDepositChallenge',
  'POST /api/rentals/{rentalId}/claims': 'createDepositClaim',
  'POST /api/claims/{claimId}/accept': 'acceptDepositClaim',
  'POST /api/claims/{claimId}/dispute': 'disputeDepositClaim',
  'POST /api/claims/{claimId}/withdraw': 'withdrawDepositClaim',
  'POST /api/claims/{claimId}/lower': 'lowerDepositClaim',
  'POST /api/claims/{claimId}/propose': 'proposeDepositClaimAmount',
  'POST /api/claims/{claimId}/agree': 'agreeDepositClaimAmount',
  'POST /api/claims/{claimId}/photos': 'addDepositClaimPhoto',
  'GET /api/claims/{claimId}/photos/{photoId}': 'getDepositClaimPhoto',
  'GET /api/rentals/{rentalId}/handover': 'getHandover',
  'POST /api/rentals/{rentalId}/handover/{side}/photos': 'addHandoverPhoto',
  'PUT /api/rentals/{rentalId}/handover/{side}/note': 'setHandoverNote',
  'GET /api/rentals/{rentalId}/handover/photos/{photoId}': 'getHandoverPhoto',
  'POST /api/rentals/{rentalId}/review': 'createReview',
  'GET /api/me/reviews': 'listMyReviews',
  'GET /api/me/reviews/received': 'listMyReceivedReviews',
  'GET /api/me/reviews/written': 'listMyWrittenReviews',
  'GET /api/me/reviews/to-write': 'listMyReviewsToWrite',

  'POST /api/vitals': 'recordVitals',
  'GET /api/vitals/daily': 'getDailyVitals',
  'POST /api/support-requests': 'createSupportRequest',
};

const words = (text: string) => text.split(/[^A-Za-z0-9]+/).filter(Boolean);
const capital = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/** A name for an operation not declared above: `get` `/api/me/rentals` gives `getMeRentals`, `{param}`s become `ByParam`. */
export function derivedOperationId(method: string, path: string): string {
  const parts = path
    .replace(/^\/api\//, '/')
    .split('/')
    .filter(Boolean)
    .flatMap((segment) => {
      const param = /^\{(.+)\}$/.exec(segment);
      return param ? ['by', ...words(param[1]!)] : words(segment);
    });
  return method.toLowerCase() + parts.map(capital).join('');
}
