/**
 * Generated from openapi.json by scripts/generate-client.js (openapi-typescript). Do not edit:
 * `npm run client:generate` writes it anew.
 */

export interface paths {
    "/api/v1/login": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["Auth_signIn"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/logout": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["Auth_signOut"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["Auth_me"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/products": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["Products_list"];
        put?: never;
        post: operations["Products_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/products/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["Products_get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch: operations["Products_update"];
        trace?: never;
    };
    "/api/v1/companies": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List companies
         * @description A page of the companies the caller may see, newest first (or by last change with `sort=update`, for sync). Filters combine; `q` matches the name. Page with `limit` and the previous page's `next_cursor`.
         *
         *     Spec section 4.13.
         */
        get: operations["listCompanies"];
        put?: never;
        /**
         * Create a company
         * @description Creates a company owned by the caller (or `owner_id`) and raises the `customer_created` event. A name that matches an existing company after normalisation answers 409 `duplicate`, with the existing record as `existing` when the caller may see it; `force: true` creates it anyway.
         *
         *     Spec section 4.13.
         */
        post: operations["createCompany"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/companies/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a company
         * @description One company with its orders and linked custom object records.
         *
         *     Spec section 4.13.
         */
        get: operations["getCompany"];
        put?: never;
        post?: never;
        /**
         * Archive a company
         * @description Sets `active` to false; the company and its history stay, and it can be reactivated with PATCH `active: true`.
         *
         *     Spec section 4.13.
         */
        delete: operations["archiveCompany"];
        options?: never;
        head?: never;
        /**
         * Update a company
         * @description Changes the fields sent; omitted fields keep their values. Needs edit rights on the company (403 `forbidden`).
         *
         *     Spec section 4.13.
         */
        patch: operations["updateCompany"];
        trace?: never;
    };
    "/api/v1/people": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["People_list"];
        put?: never;
        post: operations["People_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/people/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["People_get"];
        put?: never;
        post?: never;
        delete: operations["People_archive"];
        options?: never;
        head?: never;
        patch: operations["People_update"];
        trace?: never;
    };
    "/api/v1/opportunities": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["Opportunities_list"];
        put?: never;
        post: operations["Opportunities_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/opportunities/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["Opportunities_get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch: operations["Opportunities_update"];
        trace?: never;
    };
    "/api/v1/opportunities/{id}/stage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["Opportunities_stage"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/opportunities/{id}/revive": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["Opportunities_revive"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/opportunities/{id}/notes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["Opportunities_note"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/steps/{id}/toggle": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["Opportunities_toggle"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/activities": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["Activities_list"];
        put?: never;
        post: operations["Activities_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/activities/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["Activities_get"];
        put?: never;
        post?: never;
        delete: operations["Activities_remove"];
        options?: never;
        head?: never;
        patch: operations["Activities_update"];
        trace?: never;
    };
    "/api/v1/tasks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["Tasks_list"];
        put?: never;
        post: operations["Tasks_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/tasks/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["Tasks_get"];
        put?: never;
        post?: never;
        delete: operations["Tasks_remove"];
        options?: never;
        head?: never;
        patch: operations["Tasks_update"];
        trace?: never;
    };
    "/api/v1/calendar": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["Calendar_range"];
        put?: never;
        post: operations["Calendar_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/calendar/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["Calendar_get"];
        put?: never;
        post?: never;
        delete: operations["Calendar_remove"];
        options?: never;
        head?: never;
        patch: operations["Calendar_update"];
        trace?: never;
    };
    "/api/v1/today": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["Today_today"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/deleted": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["Sync_deleted"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/orders": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["Orders_list"];
        put?: never;
        post: operations["Orders_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/orders/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["Orders_get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/orders/{id}/po": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["Orders_setPo"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/orders/{id}/erp": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["Orders_queue"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/tickets": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["Tickets_list"];
        put?: never;
        post: operations["Tickets_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/tickets/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["Tickets_get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch: operations["Tickets_update"];
        trace?: never;
    };
    "/api/v1/fairs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["Fairs_list"];
        put?: never;
        post: operations["Fairs_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/fairs/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["Fairs_get"];
        put?: never;
        post?: never;
        delete: operations["Fairs_remove"];
        options?: never;
        head?: never;
        patch: operations["Fairs_update"];
        trace?: never;
    };
    "/api/v1/leads": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["Leads_list"];
        put?: never;
        post: operations["Leads_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/leads/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["Leads_get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch: operations["Leads_update"];
        trace?: never;
    };
    "/api/v1/leads/{id}/convert": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["Leads_convert"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/objects": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["Objects_list"];
        put?: never;
        post: operations["Objects_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/objects/{key}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["Objects_get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch: operations["Objects_update"];
        trace?: never;
    };
    "/api/v1/objects/{key}/records": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["Objects_listRecords"];
        put?: never;
        post: operations["Objects_createRecord"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/objects/{key}/records/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["Objects_getRecord"];
        put?: never;
        post: operations["Objects_updateRecordByPost"];
        delete: operations["Objects_archiveRecord"];
        options?: never;
        head?: never;
        patch: operations["Objects_updateRecord"];
        trace?: never;
    };
    "/api/v1/approvals/forms": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["Approvals_forms"];
        put?: never;
        post: operations["Approvals_createForm"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/approvals/forms/{list_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["Approvals_submit"];
        delete?: never;
        options?: never;
        head?: never;
        patch: operations["Approvals_updateForm"];
        trace?: never;
    };
    "/api/v1/approvals": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["Approvals_list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/approvals/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["Approvals_get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/approvals/{id}/approve": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["Approvals_approve"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/approvals/{id}/reject": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["Approvals_reject"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/emails/compose": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["Email_options"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/me/mailbox": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["Email_mailbox"];
        put: operations["Email_setMailbox"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/forms": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["Forms_list"];
        put?: never;
        post: operations["Forms_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/forms/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["Forms_get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch: operations["Forms_update"];
        trace?: never;
    };
    "/api/v1/forms/{public_key}/submit": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["Forms_submit"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/qe/config": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["QuickEntry_config"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/qe/suggest": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["QuickEntry_suggest"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/settings/scim": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["ScimConnection_get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/settings/scim/key": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["ScimConnection_rotate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/settings/erp": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["ErpConnection_get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/settings/erp/key": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["ErpConnection_rotate"];
        delete: operations["ErpConnection_revoke"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/invitations/accept": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["Invitations_accept"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/apps": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["Apps_list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/apps/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete: operations["Apps_remove"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/scim/v2/ServiceProviderConfig": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["Scim_serviceProviderConfig"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/scim/v2/ResourceTypes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["Scim_resourceTypes"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/scim/v2/ResourceTypes/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["Scim_resourceType"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/scim/v2/Schemas": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["Scim_schemas"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/scim/v2/Schemas/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["Scim_schema"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/scim/v2/Groups": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["Scim_groups"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/scim/v2/Users": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["Scim_list"];
        put?: never;
        post: operations["Scim_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/scim/v2/Users/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["Scim_get"];
        put: operations["Scim_replace"];
        post?: never;
        delete: operations["Scim_remove"];
        options?: never;
        head?: never;
        patch: operations["Scim_patch"];
        trace?: never;
    };
    "/api/erp/v1/orders": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["Erp_list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/erp/v1/orders/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["Erp_report"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/webhooks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["Webhooks_list"];
        put?: never;
        post: operations["Webhooks_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/webhooks/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["Webhooks_get"];
        put?: never;
        post?: never;
        delete: operations["Webhooks_remove"];
        options?: never;
        head?: never;
        patch: operations["Webhooks_update"];
        trace?: never;
    };
    "/api/v1/webhooks/{id}/rotate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["Webhooks_rotate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/webhooks/{id}/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["Webhooks_test"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/webhooks/{id}/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["Webhooks_deliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/webhooks/{id}/deliveries/{deliveryId}/resend": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["Webhooks_resend"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        LoginDto: {
            /** @example admin@demo.local */
            username: string;
            password: string;
            /** @description 6-digit code when two-factor authentication is on */
            otp?: string;
            /** @description device name shown in the session list */
            device?: string;
        };
        CreateProductDto: {
            code: string;
            name: string;
            list_price?: number;
            currency?: string;
            unit?: string;
            /** @description the product's id in the ERP */
            ext_id?: string;
            active?: boolean;
        };
        UpdateProductDto: {
            code?: string;
            name?: string;
            list_price?: number;
            currency?: string;
            unit?: string;
            /** @description the product's id in the ERP */
            ext_id?: string;
            active?: boolean;
        };
        CreateCompanyDto: {
            status?: string;
            sector?: string;
            city?: string;
            country?: string;
            address?: string;
            phone?: string;
            /** Format: email */
            email?: string;
            website?: string;
            tax_no?: string;
            tax_office?: string;
            erp_code?: string;
            erp_ext_id?: string;
            source?: string;
            potential_kg?: number | null;
            currency?: string;
            unit?: string;
            note?: string;
            owner_id?: number;
            active?: boolean;
            name: string;
            /** @description create even when a duplicate (same name or tax number) exists */
            force?: boolean;
        };
        UpdateCompanyDto: {
            status?: string;
            sector?: string;
            city?: string;
            country?: string;
            address?: string;
            phone?: string;
            /** Format: email */
            email?: string;
            website?: string;
            tax_no?: string;
            tax_office?: string;
            erp_code?: string;
            erp_ext_id?: string;
            source?: string;
            potential_kg?: number | null;
            currency?: string;
            unit?: string;
            note?: string;
            owner_id?: number;
            active?: boolean;
            name?: string;
        };
        CreatePersonDto: {
            /** @description the company; null = none */
            customer_id?: number | null;
            title?: string;
            department?: string;
            /** Format: email */
            email?: string;
            phone?: string;
            wa?: string;
            note?: string;
            is_main?: boolean;
            is_former?: boolean;
            owner_id?: number;
            active?: boolean;
            name: string;
            /** @description create even when a duplicate (same company and name, or same e-mail) exists */
            force?: boolean;
        };
        UpdatePersonDto: {
            /** @description the company; null = none */
            customer_id?: number | null;
            title?: string;
            department?: string;
            /** Format: email */
            email?: string;
            phone?: string;
            wa?: string;
            note?: string;
            is_main?: boolean;
            is_former?: boolean;
            owner_id?: number;
            active?: boolean;
            name?: string;
        };
        CreateOpportunityDto: {
            name: string;
            customer_id: number;
            value?: number;
            currency?: string;
            /** @description quantity in `unit` */
            potential_kg?: number;
            unit?: string;
            product_id?: Record<string, never> | null;
            /** @description expected close date; omitted or null: start_date + constants.sales_cycle_days (never null on the record) */
            close_date?: Record<string, never> | null;
            start_date?: string;
            /** @description an open stage; default the first (gates apply) */
            stage?: string;
            type?: string;
            source?: string;
            competitor?: string;
            note?: string;
            line?: string;
            next_step?: string;
            offer_price?: Record<string, never> | null;
            payment_days?: Record<string, never> | null;
            /** @description percent 0-100; null = the stage probability */
            probability?: Record<string, never> | null;
            bant_b?: boolean;
            bant_a?: boolean;
            bant_n?: boolean;
            bant_t?: boolean;
            fc?: Record<string, never> | null;
            health_manual?: boolean;
            /** @enum {string} */
            health_grade?: "A" | "B" | "C" | "D";
            health_label?: string;
            health_note?: string;
            tags?: string[];
            owner_id?: number;
            detail_status?: string;
        };
        UpdateOpportunityDto: {
            name?: string;
            customer_id?: number;
            value?: number;
            currency?: string;
            /** @description quantity in `unit` */
            potential_kg?: number;
            unit?: string;
            product_id?: Record<string, never> | null;
            /** @description expected close date; omitted or null: start_date + constants.sales_cycle_days (never null on the record) */
            close_date?: Record<string, never> | null;
            start_date?: string;
            type?: string;
            source?: string;
            competitor?: string;
            note?: string;
            line?: string;
            next_step?: string;
            offer_price?: Record<string, never> | null;
            payment_days?: Record<string, never> | null;
            /** @description percent 0-100; null = the stage probability */
            probability?: Record<string, never> | null;
            bant_b?: boolean;
            bant_a?: boolean;
            bant_n?: boolean;
            bant_t?: boolean;
            fc?: Record<string, never> | null;
            health_manual?: boolean;
            /** @enum {string} */
            health_grade?: "A" | "B" | "C" | "D";
            health_label?: string;
            health_note?: string;
            tags?: string[];
            owner_id?: number;
            detail_status?: string;
        };
        StageMoveDto: {
            stage: string;
            note?: string;
            /** @description required when the stage closes as lost or cancelled (constants.stage_roles): one of constants.loss_reasons */
            close_reason?: string;
            close_category?: string;
        };
        EmptyDto: Record<string, never>;
        NoteDto: {
            body: string;
        };
        StepToggleDto: {
            /** @description omitted: flips */
            done?: boolean;
            note?: string;
        };
        CreateActivityDto: {
            /**
             * @description one of constants.visit_types
             * @example F2F
             */
            type: string;
            /** @description one of constants.visit_topics or free text */
            topic?: string | null;
            /** @example 2026-03-02 */
            date: string;
            duration_min?: number | null;
            /** @description company id */
            customer_id: number;
            /** @description people of that company */
            person_ids?: number[] | null;
            /** @description an opportunity of that company */
            opp_id?: number | null;
            note?: string | null;
            next_action?: string | null;
            /** @example 2026-03-16 */
            next_date?: string | null;
            outcome?: string | null;
            /** @description default: the caller; only admins may set another user */
            owner_id?: number | null;
        };
        UpdateActivityDto: {
            /** @description one of constants.visit_types */
            type?: string;
            topic?: string | null;
            /** @example 2026-03-02 */
            date?: string;
            duration_min?: number | null;
            customer_id?: number;
            person_ids?: number[] | null;
            opp_id?: number | null;
            note?: string | null;
            next_action?: string | null;
            next_date?: string | null;
            outcome?: string | null;
            /** @description only admins may set another user */
            owner_id?: number;
        };
        CreateTaskDto: {
            title: string;
            description?: string | null;
            /** @example 2026-03-20 */
            due_date?: string | null;
            /** @description one of constants.task_priorities; default 'Normal' (or the first) */
            priority?: string | null;
            /** @description one of constants.task_statuses; default the first */
            status?: string | null;
            /** @description an active user; default the caller */
            assignee_id?: number | null;
            customer_id?: number | null;
            person_id?: number | null;
            opp_id?: number | null;
        };
        UpdateTaskDto: {
            title?: string;
            description?: string | null;
            due_date?: string | null;
            priority?: string;
            /** @description constants.task_done_status sets done_at; another status clears it */
            status?: string;
            assignee_id?: number;
            customer_id?: number | null;
            person_id?: number | null;
            opp_id?: number | null;
        };
        CreateCalendarEntryDto: {
            title: string;
            /**
             * @description local time of the workspace, no zone
             * @example 2026-03-02T09:00:00
             */
            start: string;
            /**
             * @description after start
             * @example 2026-03-02T10:30:00
             */
            end: string;
            location?: string | null;
            note?: string | null;
            /** @description users; the owner always attends */
            attendee_ids?: number[] | null;
            /** @description people (contacts) */
            person_ids?: number[] | null;
            customer_id?: number | null;
            opp_id?: number | null;
        };
        UpdateCalendarEntryDto: {
            title?: string;
            /** @example 2026-03-02T09:00:00 */
            start?: string;
            /** @example 2026-03-02T10:30:00 */
            end?: string;
            location?: string | null;
            note?: string | null;
            attendee_ids?: number[] | null;
            person_ids?: number[] | null;
            customer_id?: number | null;
            opp_id?: number | null;
        };
        MainContactSchema: {
            email: string;
            name: string;
            phone: string;
            wa: string;
        };
        UserSummarySchema: {
            id: number;
            username: string;
            full_name: string;
            role: string;
            role_label: string;
        };
        CustomerCardSchema: {
            id: number;
            rid: string;
            name: string;
            initials: string;
            city: string;
            sector: string;
            status: string;
            status_label: string;
            unit: string;
            currency: string;
            currency_default: string;
            phone: string;
            active: boolean;
            at_risk: boolean;
            /**
             * Format: date
             * @description latest visit; never visited: the creation date (visit_state is then `never`)
             */
            last_visit: string;
            /**
             * Format: date
             * @description last_visit + period; null only when the status has no visit period
             */
            next_visit_due: string | null;
            /** @description open opportunities; 0 without the Opportunities module */
            open_opps: number;
            period: number;
            visit_overdue_days: number;
            /**
             * @description `none` without the Visits / Activities module
             * @enum {string}
             */
            pending_state: "none" | "open_tasks";
            /** @enum {string} */
            visit_state: "never" | "ok" | "due_soon" | "overdue";
            /** @description 0 when unknown */
            potential_kg: number;
            main_contact: components["schemas"]["MainContactSchema"] | null;
            owner: components["schemas"]["UserSummarySchema"] | null;
        };
        CardCountsSchema: {
            mine: number;
            recent: number;
            team: number;
        };
        CustomerCardsSchema: {
            mine: components["schemas"]["CustomerCardSchema"][];
            team: components["schemas"]["CustomerCardSchema"][];
            recent: components["schemas"]["CustomerCardSchema"][];
            n: components["schemas"]["CardCountsSchema"];
        };
        ContactCardSchema: {
            id: number;
            customer_id: number | null;
            customer: string;
            department: string;
            email: string;
            is_former: boolean;
            is_main: boolean;
            name: string;
            note: string;
            phone: string;
            rid: string;
            title: string;
            wa: string;
        };
        ContactCardsSchema: {
            mine: components["schemas"]["ContactCardSchema"][];
            team: components["schemas"]["ContactCardSchema"][];
            recent: components["schemas"]["ContactCardSchema"][];
            n: components["schemas"]["CardCountsSchema"];
        };
        LeadOwnerSchema: {
            id: number;
            username: string;
            full_name: string;
            role: string;
            role_label: string;
        };
        LeadPersonSchema: {
            /** @description the contact linked or created by the conversion */
            cid: number | null;
            email: string;
            name: string;
            phone: string;
            title: string;
        };
        LeadSchema: {
            id: number;
            /** @example L-12 */
            rid: string;
            company: string;
            contact_name: string;
            /** @description contact name and title */
            contact_label: string;
            title: string;
            email: string;
            phone: string;
            wa: string;
            website: string;
            city: string;
            sector: string;
            supplier: string;
            /** @description fair name */
            fair: string;
            fair_id: number | null;
            /** @description local time */
            created_at: string;
            /** @description local time */
            updated_at: string;
            initials: string;
            interest: string;
            line: string;
            next_action: string;
            /** Format: date */
            next_date: string | null;
            note: string;
            project_note: string;
            products: string;
            products_text: string;
            timing: string;
            visitor_type: string;
            unit: string;
            potential_kg: number | null;
            opp_id: number | null;
            opp_type: string;
            customer_id: number | null;
            task_id: number | null;
            owner: components["schemas"]["LeadOwnerSchema"] | null;
            can_edit: boolean;
            /** @description stored status: one of constants.lead_statuses, or constants.lead_status_won */
            status: string;
            /** @description effective status: constants.lead_status_won while the linked opportunity is won */
            status_eff: string;
            /** @description after conversion: the primary contact */
            link_contact_id: number | null;
            /** @description after conversion: the company name */
            link_customer: string;
            /** @description after conversion: the company */
            link_customer_id: number | null;
            /** @description local time of the conversion */
            converted_at: string | null;
            /** @description the primary contact (when named) and the extra people; convert maps them by index */
            people: components["schemas"]["LeadPersonSchema"][];
        };
        LeadCardsSchema: {
            /** @description own leads still to work on (status not in lead_closed_statuses nor won), next date first */
            mine: components["schemas"]["LeadSchema"][];
            team: components["schemas"]["LeadSchema"][];
            /** @description recently opened leads */
            recent: components["schemas"]["LeadSchema"][];
            n: components["schemas"]["CardCountsSchema"];
        };
        TodayCardsSchema: {
            /** @description empty without the Customers module */
            customers: components["schemas"]["CustomerCardsSchema"];
            /** @description empty without the Customers module */
            contacts: components["schemas"]["ContactCardsSchema"];
            /** @description empty without the Fair leads module */
            leads: components["schemas"]["LeadCardsSchema"];
        };
        MeetingSchema: {
            id: number;
            title: string;
            /** @description local time */
            start: string;
            /** @description local time */
            end: string;
            location: string;
            customer_id: number | null;
        };
        TodayTaskSchema: {
            id: number;
            title: string;
            /** Format: date */
            due_date: string | null;
            priority: string;
            status: string;
            customer_id: number | null;
            opp_id: number | null;
            overdue: boolean;
        };
        OverdueSchema: {
            tasks: components["schemas"]["TodayTaskSchema"][];
            /** @description needs Customers and Visits / Activities */
            visits: components["schemas"]["CustomerCardSchema"][];
        };
        TargetSchema: {
            /** @description 0 without the Visits / Activities module */
            target: number;
            done: number;
        };
        TargetsSchema: {
            /** Format: date */
            week_start: string;
            visits: components["schemas"]["TargetSchema"];
            tasks: components["schemas"]["TargetSchema"];
        };
        TodayResponseSchema: {
            ok: boolean;
            /** Format: date */
            date: string;
            cards: components["schemas"]["TodayCardsSchema"];
            /** @description needs Visits / Activities */
            meetings: components["schemas"]["MeetingSchema"][];
            /** @description needs Visits / Activities */
            actions: components["schemas"]["TodayTaskSchema"][];
            overdue: components["schemas"]["OverdueSchema"];
            targets: components["schemas"]["TargetsSchema"];
        };
        DeletedItemSchema: {
            /** @enum {string} */
            type: "activity" | "task" | "calendar" | "fair";
            /** @description id of the deleted record */
            id: number;
            /** @description local time of the deletion */
            deleted_at: string;
        };
        DeletedResponseSchema: {
            ok: boolean;
            items: components["schemas"]["DeletedItemSchema"][];
            next_cursor: string | null;
        };
        OrderErpSchema: {
            /** @enum {string} */
            status: "queued" | "written" | "failed";
            label: string;
            /** @enum {string} */
            tone: "info" | "warning" | "success" | "danger";
            /** @description the ERP's order number ('' until written) */
            ext_no: string;
            /** @description the ERP's last error ('' when none) */
            error: string;
        };
        OrderRowSchema: {
            id: number;
            customer_id: number;
            opp_id: number | null;
            product_id: number | null;
            customer_po: string;
            /** Format: date */
            date: string;
            /** Format: date */
            due_date: string | null;
            /** @description kg × price, rounded to cents */
            amount: number;
            /** @description quantity in unit */
            kg: number;
            price: number;
            currency: string;
            kind: string;
            note: string;
            /** @description the product's name ('' without a product) */
            product: string;
            /** @description price unit, e.g. EUR/kg */
            pu: string;
            unit: string;
            /** @description one of constants.order_statuses */
            status: string;
            payment_days: number;
            /** @description null when never sent to the ERP */
            erp: components["schemas"]["OrderErpSchema"] | null;
        };
        OrderListResponseSchema: {
            ok: boolean;
            items: components["schemas"]["OrderRowSchema"][];
            next_cursor: string | null;
        };
        CreateOrderDto: {
            /** @description company id (visible to the caller) */
            customer_id: number;
            /** @description an opportunity of that company */
            opp_id?: number | null;
            /** @description an active catalogue product */
            product_id?: number | null;
            /**
             * @description quantity in the unit (above 0, at most 3 decimals)
             * @example 5000
             */
            kg: number;
            /**
             * @description price per unit (0 or more, at most 4 decimals); amount = kg × price, rounded to cents
             * @example 1.45
             */
            price: number;
            /** @description one of app.currencies; default the opportunity's, the company's or the base currency */
            currency?: string;
            /** @description one of app.units; default the product's, the opportunity's, the company's or app.unit_default */
            unit?: string;
            /** @description one of constants.order_kinds; default the first */
            kind?: string;
            /**
             * Format: date
             * @description order date; default today (workspace time zone)
             */
            date?: string;
            /**
             * Format: date
             * @description not before date
             */
            due_date?: string | null;
            /** @description default the opportunity's payment_days, else 0 */
            payment_days?: number;
            note?: string;
            /** @description owner; default the caller (only admins give an order to another user) */
            owner_id?: number;
        };
        OrderResponseSchema: {
            ok: boolean;
            order: components["schemas"]["OrderRowSchema"];
        };
        SetPoDto: {
            /**
             * @description the customer's PO number: whitespace is collapsed, '' clears, at most 60 characters after collapsing
             * @example PO 4500012345
             */
            customer_po: string;
        };
        OrderPoResponseSchema: {
            ok: boolean;
            order: components["schemas"]["OrderRowSchema"];
            /** @description false when the collapsed value equals the stored one */
            changed: boolean;
        };
        TicketUserSchema: {
            id: number;
            username: string;
            full_name: string;
            role: string;
            role_label: string;
        };
        TicketSchema: {
            id: number;
            subject: string;
            body: string;
            priority: string;
            status: string;
            who: string;
            customer_id: number | null;
            person_id: number | null;
            assignee: components["schemas"]["TicketUserSchema"] | null;
            owner: components["schemas"]["TicketUserSchema"] | null;
            /** @description ticket_sla_hours[priority] */
            sla_hours: number;
            /** @description created_at + sla_hours, workspace local time */
            due_at: string;
            /** @description past due_at and not in a closed status */
            overdue: boolean;
            closed_at: string | null;
            can_edit: boolean;
            created_at: string;
            updated_at: string;
        };
        TicketListResponseSchema: {
            ok: boolean;
            items: components["schemas"]["TicketSchema"][];
            next_cursor: string | null;
        };
        CreateTicketDto: {
            subject: string;
            /** @description the request in full */
            body?: string;
            /** @description a key of app.ticket_sla_hours; due_at = creation + those hours */
            priority: string;
            /** @description one of constants.ticket_statuses; default constants.ticket_new_status */
            status?: string;
            /** @description who raised it; default the person's name, else the caller's */
            who?: string;
            /** @description company; default the person's company */
            customer_id?: number | null;
            /** @description the contact who raised it */
            person_id?: number | null;
            /** @description an active user */
            assignee_id?: number | null;
        };
        TicketResponseSchema: {
            ok: boolean;
            ticket: components["schemas"]["TicketSchema"];
        };
        UpdateTicketDto: {
            /** @description one of constants.ticket_statuses; a closed status sets closed_at, another clears it */
            status?: string;
            /** @description a key of app.ticket_sla_hours; due_at is recomputed from created_at */
            priority?: string;
            /** @description an active user; null removes the assignee */
            assignee_id?: number | null;
        };
        FairOwnerSchema: {
            id: number;
            username: string;
            full_name: string;
            role: string;
            role_label: string;
        };
        FairSchema: {
            id: number;
            name: string;
            city: string;
            country: string;
            venue: string;
            stand: string;
            /** Format: date */
            start_date: string | null;
            /** Format: date */
            end_date: string | null;
            website: string;
            note: string;
            /** @description leads collected at the fair (all owners) */
            leads_n: number;
            owner: components["schemas"]["FairOwnerSchema"] | null;
            can_edit: boolean;
            /** @description local time */
            created_at: string;
            /** @description local time */
            updated_at: string;
        };
        FairListResponseSchema: {
            ok: boolean;
            items: components["schemas"]["FairSchema"][];
            next_cursor: string | null;
        };
        CreateFairDto: {
            city?: string;
            country?: string;
            /** @description exhibition centre */
            venue?: string;
            /** @description our hall / stand */
            stand?: string;
            /** Format: date */
            start_date?: string | null;
            /**
             * Format: date
             * @description not before start_date
             */
            end_date?: string | null;
            website?: string;
            note?: string;
            owner_id?: number;
            name: string;
        };
        FairResponseSchema: {
            ok: boolean;
            fair: components["schemas"]["FairSchema"];
        };
        UpdateFairDto: {
            city?: string;
            country?: string;
            /** @description exhibition centre */
            venue?: string;
            /** @description our hall / stand */
            stand?: string;
            /** Format: date */
            start_date?: string | null;
            /**
             * Format: date
             * @description not before start_date
             */
            end_date?: string | null;
            website?: string;
            note?: string;
            owner_id?: number;
            name?: string;
        };
        OkResponseSchema: {
            ok: boolean;
        };
        LeadListResponseSchema: {
            ok: boolean;
            items: components["schemas"]["LeadSchema"][];
            next_cursor: string | null;
        };
        LeadPersonDto: {
            name: string;
            title?: string;
            /** Format: email */
            email?: string;
            phone?: string;
        };
        CreateLeadDto: {
            contact_name?: string;
            title?: string;
            /** Format: email */
            email?: string;
            phone?: string;
            wa?: string;
            website?: string;
            city?: string;
            sector?: string;
            /** @description their current supplier */
            supplier?: string;
            /** @description the fair the lead was met at */
            fair_id?: number | null;
            /** @description one of constants.lead_interest, or empty */
            interest?: string;
            line?: string;
            /** @description one of constants.lead_next_actions, or empty */
            next_action?: string;
            /** Format: date */
            next_date?: string | null;
            note?: string;
            project_note?: string;
            /** @description products of interest (codes or names) */
            products?: string;
            products_text?: string;
            /** @description one of constants.lead_timings, or empty */
            timing?: string;
            /** @description one of constants.lead_visitor_types, or empty */
            visitor_type?: string;
            /** @description one of app.units, or empty */
            unit?: string;
            potential_kg?: number | null;
            /** @description one of constants.opp_types, or empty: the type of the opportunity a conversion creates */
            opp_type?: string;
            /** @description a registered company the lead belongs to */
            customer_id?: number | null;
            /** @description people met besides the primary contact */
            people?: components["schemas"]["LeadPersonDto"][] | null;
            /** @description one of constants.lead_statuses */
            status?: string;
            owner_id?: number;
            company: string;
        };
        LeadResponseSchema: {
            ok: boolean;
            lead: components["schemas"]["LeadSchema"];
        };
        UpdateLeadDto: {
            contact_name?: string;
            title?: string;
            /** Format: email */
            email?: string;
            phone?: string;
            wa?: string;
            website?: string;
            city?: string;
            sector?: string;
            /** @description their current supplier */
            supplier?: string;
            /** @description the fair the lead was met at */
            fair_id?: number | null;
            /** @description one of constants.lead_interest, or empty */
            interest?: string;
            line?: string;
            /** @description one of constants.lead_next_actions, or empty */
            next_action?: string;
            /** Format: date */
            next_date?: string | null;
            note?: string;
            project_note?: string;
            /** @description products of interest (codes or names) */
            products?: string;
            products_text?: string;
            /** @description one of constants.lead_timings, or empty */
            timing?: string;
            /** @description one of constants.lead_visitor_types, or empty */
            visitor_type?: string;
            /** @description one of app.units, or empty */
            unit?: string;
            potential_kg?: number | null;
            /** @description one of constants.opp_types, or empty: the type of the opportunity a conversion creates */
            opp_type?: string;
            /** @description a registered company the lead belongs to */
            customer_id?: number | null;
            /** @description people met besides the primary contact */
            people?: components["schemas"]["LeadPersonDto"][] | null;
            /** @description one of constants.lead_statuses */
            status?: string;
            owner_id?: number;
            /** @description sending it rewrites the whole form: omitted form fields are cleared */
            company?: string;
        };
        ConvertLeadDto: {
            /**
             * @description existing: the company customer_id; new: a new prospect. Omitted: the registered or name-matched company, else a new one
             * @enum {string}
             */
            mode?: "existing" | "new";
            /** @description the company, with mode existing */
            customer_id?: number;
            /**
             * @description person index (as in the lead's `people`) -> "new", "skip" or a contact id; people not named: "new"
             * @example {
             *       "0": "new",
             *       "1": "skip"
             *     }
             */
            people?: {
                [key: string]: ("new" | "skip") | number;
            };
            /**
             * @default new
             * @enum {string}
             */
            opp_mode: "new" | "existing" | "none";
            /** @description an open opportunity of the company, with opp_mode existing */
            opp_id?: number;
            /**
             * @description log a fair visit
             * @default true
             */
            make_visit: boolean;
            /**
             * @description make the lead's next action a follow-up task (when it has one); its id is the lead's task_id
             * @default true
             */
            make_task: boolean;
        };
        ConvertResponseSchema: {
            ok: boolean;
            /** @description people created as new contacts */
            created: number;
            /** @description people linked to existing contacts */
            linked: number;
            /** @description company name */
            customer: string;
            customer_id: number;
            opp_id: number | null;
            /** @description the follow-up task made of the lead's next action (also the lead's task_id) */
            task_id: number | null;
            lead: components["schemas"]["LeadSchema"];
            message: string;
        };
        ObjectFieldSchema: {
            key: string;
            label: string;
            /** @enum {string} */
            type: "text" | "number" | "date" | "select" | "multiselect" | "checkbox" | "person" | "money";
            options: string[];
            required: boolean;
            display: boolean;
        };
        ObjectRelationSchema: {
            key: string;
            label: string;
            /** @enum {string} */
            kind: "company" | "person" | "opportunity" | "object";
            /** @description the target object's key (kind object), else '' */
            object: string;
            many: boolean;
        };
        ObjectTypeSchema: {
            key: string;
            label: string;
            fields: components["schemas"]["ObjectFieldSchema"][];
            relations: components["schemas"]["ObjectRelationSchema"][];
        };
        ObjectTypeListResponse: {
            /** @enum {boolean} */
            ok: true;
            objects: components["schemas"]["ObjectTypeSchema"][];
        };
        ObjectFieldDto: {
            /** @example size */
            key: string;
            label: string;
            /** @enum {string} */
            type: "text" | "number" | "date" | "select" | "multiselect" | "checkbox" | "person" | "money";
            /** @description the allowed values; select and multiselect fields only (at least one) */
            options?: string[];
            /**
             * @description a value is required (not for checkbox fields)
             * @default false
             */
            required: boolean;
            /**
             * @description shown in the record's subtitle (`sub`)
             * @default false
             */
            display: boolean;
        };
        ObjectRelationDto: {
            /** @example customer */
            key: string;
            label: string;
            /**
             * @description what the relation points at: companies, people, opportunities, or records of a custom object
             * @enum {string}
             */
            kind: "company" | "person" | "opportunity" | "object";
            /** @description the target object's key (kind object only; may be this object) */
            object?: string;
            /**
             * @description several targets (true) or at most one
             * @default false
             */
            many: boolean;
        };
        CreateObjectTypeDto: {
            /**
             * @description the key in paths; never changes
             * @example sites
             */
            key: string;
            label: string;
            fields?: components["schemas"]["ObjectFieldDto"][];
            relations?: components["schemas"]["ObjectRelationDto"][];
        };
        ObjectTypeResponse: {
            /** @enum {boolean} */
            ok: true;
            object: components["schemas"]["ObjectTypeSchema"];
        };
        UpdateObjectTypeDto: {
            label?: string;
            /** @description the complete new field list */
            fields?: components["schemas"]["ObjectFieldDto"][];
            /** @description the complete new relation list */
            relations?: components["schemas"]["ObjectRelationDto"][];
        };
        RecordFieldSchema: {
            key: string;
            label: string;
            /** @enum {string} */
            type: "text" | "number" | "date" | "select" | "multiselect" | "checkbox" | "person" | "money";
            options: string[];
            required: boolean;
            display: boolean;
            /** @description typed per field type; empty: null (checkbox false, multiselect []) */
            value: (string | number | boolean | string[] | Record<string, never>) | null;
        };
        RelationItemSchema: {
            id: number;
            name: string;
        };
        RecordRelationSchema: {
            /** @description relation key; on the `in` side `<object key>.<relation key>` of the object that points here */
            key: string;
            /** @enum {string} */
            kind: "company" | "person" | "opportunity" | "object";
            label: string;
            target_label: string;
            /**
             * @description out: defined on this object; in: another object pointing at this record
             * @enum {string}
             */
            side: "out" | "in";
            many: boolean;
            items: components["schemas"]["RelationItemSchema"][];
        };
        ObjectRecordSchema: {
            id: number;
            name: string;
            /** @description false = archived */
            active: boolean;
            /** @description owner's name ('' when none) */
            owner: string;
            owner_id: number | null;
            editable: boolean;
            /** @description field key -> value */
            fields: {
                [key: string]: unknown;
            };
            field_list: components["schemas"]["RecordFieldSchema"][];
            /** @description the first linked company, if any */
            customer: components["schemas"]["RelationItemSchema"] | null;
            relations: components["schemas"]["RecordRelationSchema"][];
            /** @description the display fields, joined with " · " */
            sub: string;
            /** @example 2026-03-01T09:30:00 */
            updated_at: string;
            /** @example /objects/sites/12 */
            url: string;
        };
        ObjectRecordListResponse: {
            /** @enum {boolean} */
            ok: true;
            items: components["schemas"]["ObjectRecordSchema"][];
            next_cursor: string | null;
        };
        CreateObjectRecordDto: {
            name: string;
            /** @description the owner; "" or null = none (admins only) */
            owner_id?: number | null;
            active?: boolean;
            /**
             * @description field key -> value; only the fields sent change, and an empty value ("" / null / []) clears one. Types: text string; number; date YYYY-MM-DD; select one of the options; multiselect array of options; checkbox boolean; person a user id; money {amount, currency} or a number (the base currency)
             * @example {
             *       "size": "Large",
             *       "opened": "2026-03-01"
             *     }
             */
            fields?: {
                [key: string]: unknown;
            };
            /**
             * @description relation key -> a record id or an array of ids to add (a one-relation is replaced); an empty value ("" / null / []) clears the relation
             * @example {
             *       "customer": 12
             *     }
             */
            links?: {
                [key: string]: unknown;
            };
        };
        ObjectRecordResponse: {
            /** @enum {boolean} */
            ok: true;
            record: components["schemas"]["ObjectRecordSchema"];
        };
        UpdateObjectRecordDto: {
            name?: string;
            /** @description the owner; "" or null = none (admins only) */
            owner_id?: number | null;
            active?: boolean;
            /** @description field key -> value; only the fields sent change, and an empty value ("" / null / []) clears one. Types: text string; number; date YYYY-MM-DD; select one of the options; multiselect array of options; checkbox boolean; person a user id; money {amount, currency} or a number (the base currency) */
            fields?: {
                [key: string]: unknown;
            };
            /** @description relation key -> a record id or an array of ids to add (a one-relation is replaced); an empty value ("" / null / []) clears the relation */
            links?: {
                [key: string]: unknown;
            };
        };
        ObjectsOkResponse: {
            /** @enum {boolean} */
            ok: true;
        };
        ApprovalFieldSchema: {
            key: string;
            label: string;
            /** @enum {string} */
            type: "date" | "person" | "checkbox" | "text" | "number" | "leave_type";
            required?: boolean;
            /** @description choices of a leave_type field */
            options?: string[];
        };
        WorkingDaysSpecSchema: {
            /** @description key of the first date field (included) */
            start: string;
            /** @description key of the last date field (included) */
            end: string;
        };
        ApprovalFormSchema: {
            id: number;
            name: string;
            approver: components["schemas"]["UserSummarySchema"] | null;
            fields: components["schemas"]["ApprovalFieldSchema"][];
            working_days: components["schemas"]["WorkingDaysSpecSchema"] | null;
            active: boolean;
        };
        ApprovalFormsResponseSchema: {
            ok: boolean;
            forms: components["schemas"]["ApprovalFormSchema"][];
        };
        CreateApprovalListDto: {
            name: string;
            /** @description the user who decides the requests */
            approver_id: number;
            fields: components["schemas"]["ApprovalFieldSchema"][];
            /** @description leave lists: the two date fields between which working days are counted */
            working_days?: components["schemas"]["WorkingDaysSpecSchema"] | null;
            active?: boolean;
        };
        ApprovalFormResponseSchema: {
            ok: boolean;
            form: components["schemas"]["ApprovalFormSchema"];
        };
        UpdateApprovalListDto: {
            name?: string;
            approver_id?: number;
            fields?: components["schemas"]["ApprovalFieldSchema"][];
            /** @description null: no longer a leave list */
            working_days?: components["schemas"]["WorkingDaysSpecSchema"] | null;
            active?: boolean;
        };
        SubmitApprovalDto: {
            /**
             * @description field key -> value; dates YYYY-MM-DD, person = user id, checkbox = true, number, text, leave type = one of the options
             * @example {
             *       "start": "2026-10-26",
             *       "end": "2026-10-30",
             *       "type": "Annual leave"
             *     }
             */
            values: {
                [key: string]: unknown;
            };
            /** @description note to the approver */
            note?: string;
        };
        HolidaySchema: {
            /** Format: date */
            date: string;
            name: string;
        };
        ApprovalItemSchema: {
            id: number;
            list_id: number;
            /** @description name of the list */
            list: string;
            /** @enum {string} */
            status: "pending" | "approved" | "rejected";
            approver: components["schemas"]["UserSummarySchema"] | null;
            requester: components["schemas"]["UserSummarySchema"] | null;
            values: {
                [key: string]: unknown;
            };
            /** @description leave lists: weekdays from start to end that are not public holidays; null otherwise */
            working_days: number | null;
            /** @description public holidays on weekdays within the leave */
            holidays: components["schemas"]["HolidaySchema"][];
            note: string;
            decision_note: string;
            decided_by: components["schemas"]["UserSummarySchema"] | null;
            /** @description workspace local time */
            created_at: string;
            decided_at: string | null;
            updated_at: string;
            /** @description the caller may approve or reject it now */
            can_decide: boolean;
        };
        ApprovalItemResponseSchema: {
            ok: boolean;
            item: components["schemas"]["ApprovalItemSchema"];
        };
        ApprovalListResponseSchema: {
            ok: boolean;
            items: components["schemas"]["ApprovalItemSchema"][];
            next_cursor: string | null;
        };
        DecideApprovalDto: {
            /** @description note to the requester */
            note?: string;
        };
        MailboxSchema: {
            connected: boolean;
            email: string;
            /** @description the last connection error, '' when none */
            error: string;
            /** @description whether a signature is set */
            signature: boolean;
            /** @enum {string} */
            status: "not_connected" | "connected" | "error";
        };
        ComposeCustomerSchema: {
            id: number;
            name: string;
        };
        ComposeContactSchema: {
            id: number;
            name: string;
            email: string;
            title: string;
            /** @description the main contact of the company */
            main: boolean;
        };
        ComposeOppSchema: {
            id: number;
            name: string;
            stage: string;
            stage_label: string;
        };
        ComposeResponseSchema: {
            ok: boolean;
            mailbox: components["schemas"]["MailboxSchema"];
            /** @description the signature itself */
            signature_text: string;
            customer: components["schemas"]["ComposeCustomerSchema"];
            /** @description the company's current people with an e-mail, main contact first */
            contacts: components["schemas"]["ComposeContactSchema"][];
            opp: components["schemas"]["ComposeOppSchema"] | null;
            /** @description open opportunities of the company the caller may see */
            opps: components["schemas"]["ComposeOppSchema"][];
        };
        MailboxResponseSchema: {
            ok: boolean;
            mailbox: components["schemas"]["MailboxSchema"];
            /** @description the signature itself */
            signature_text: string;
        };
        UpdateMailboxDto: {
            /** Format: email */
            email?: string;
            /** @description text appended to the user's e-mails; '' removes it */
            signature?: string;
        };
        WebFormFieldSchema: {
            /** @description not one of the standard fields company, name, email, phone, message, website */
            key: string;
            label: string;
            required?: boolean;
        };
        WebFormSchema: {
            id: number;
            name: string;
            /** @description the key in the public submission path */
            public_key: string;
            /** @description POST here (on the workspace host) to submit */
            submit_path: string;
            owner: components["schemas"]["UserSummarySchema"] | null;
            fields: components["schemas"]["WebFormFieldSchema"][];
            active: boolean;
            submissions: number;
            last_submitted_at: string | null;
            created_at: string;
            updated_at: string;
        };
        WebFormListResponseSchema: {
            ok: boolean;
            items: components["schemas"]["WebFormSchema"][];
        };
        CreateWebFormDto: {
            name: string;
            /** @description gets the tasks and owns new companies; default: the caller */
            owner_id?: number;
            /** @description extra fields besides company, name, email, phone and message */
            fields?: components["schemas"]["WebFormFieldSchema"][];
            active?: boolean;
        };
        WebFormResponseSchema: {
            ok: boolean;
            form: components["schemas"]["WebFormSchema"];
        };
        UpdateWebFormDto: {
            name?: string;
            owner_id?: number;
            fields?: components["schemas"]["WebFormFieldSchema"][];
            active?: boolean;
        };
        SubmitWebFormDto: {
            /** @description company name; matched to an existing company by normalized name, else created */
            company: string;
            /** @description contact name */
            name?: string;
            /** Format: email */
            email?: string;
            phone?: string;
            message?: string;
            /** @description values of the form's extra fields (at most 1,000 characters each) */
            fields?: {
                [key: string]: string;
            };
            /** @description honeypot: keep it hidden and empty; a filled one is answered like a success and stores nothing */
            website?: string;
        };
        SubmitResponseSchema: {
            ok: boolean;
            message: string;
        };
        QeFieldSchema: {
            /** @description field key */
            k: string;
            /** @description label */
            l: string;
            /** @description type: person, opportunity, product, money, number, select, date, text */
            t: string;
            /** @description options (select) */
            o: string[];
            /** @description unit */
            u: string;
            /** @description placeholder */
            ph: string;
        };
        QeBlockSchema: {
            k: string;
            label: string;
            /** @description record the block writes to: person, opportunity, activity, task */
            obj: string;
            icon: string;
            fields: components["schemas"]["QeFieldSchema"][];
        };
        QeCondSchema: {
            k: string;
            label: string;
        };
        QeTemplateBlockSchema: {
            /** @description block key */
            k: string;
            label: string;
            /** @description condition key (conds), '' = always */
            cond: string;
            /** @enum {string} */
            st: "open" | "chip" | "off";
            /** @description required block */
            req: boolean;
            /** @description default values by field key */
            def: {
                [key: string]: string;
            };
            /** @description fields shown, in order (empty = all) */
            fl: string[];
        };
        QeTemplateSchema: {
            id: number;
            name: string;
            icon: string;
            /** @description one of visit_topics, or '' */
            topic: string;
            /** @description department the template is for, '' = everyone */
            team: string;
            /** @description visit type, or '' */
            vtype: string;
            is_default: boolean;
            blocks: components["schemas"]["QeTemplateBlockSchema"][];
        };
        QeVisitTypeSchema: {
            k: string;
            label: string;
            icon: string;
        };
        QeUserSchema: {
            id: number;
            full_name: string;
        };
        QeConfigResponseSchema: {
            /** @enum {boolean} */
            ok: true;
            blocks: components["schemas"]["QeBlockSchema"][];
            conds: components["schemas"]["QeCondSchema"][];
            templates: components["schemas"]["QeTemplateSchema"][];
            /** @description by the user's department, then the conversation type, then the default; null without templates */
            default_template: number | null;
            topics: string[];
            next_actions: string[];
            open_stages: string[];
            stage_labels: {
                [key: string]: string;
            };
            visit_types: components["schemas"]["QeVisitTypeSchema"][];
            currency: string;
            unit: string;
            /** @description the undo window in seconds */
            undo_seconds: number;
            users: components["schemas"]["QeUserSchema"][];
        };
        QeSuggestDto: {
            /** @description the visit note (Turkish, English or mixed) */
            note: string;
            /** @description the company the note is about: its people and open opportunities are matched too (404 when not visible) */
            customer_id?: number;
        };
        QeSuggestionSchema: {
            id: string;
            /** @description `block`, or a next-step kind (one of next_actions) */
            kind: string;
            label: string;
            /** @description block key: contact, opp, product, price, quantity, payment, trial, next */
            block: string;
            /** @description field values (strings) */
            fields: {
                [key: string]: string;
            };
        };
        QeSuggestResponseSchema: {
            /** @enum {boolean} */
            ok: true;
            items: components["schemas"]["QeSuggestionSchema"][];
        };
        ScimKeySchema: {
            /**
             * @description first characters of the key, to recognise it
             * @example scim_AbC1dE2
             */
            prefix: string;
            /**
             * @description workspace local time
             * @example 2026-03-02T09:00:00
             */
            created_at: string;
            /** @example 2026-03-02T10:15:00 */
            last_used_at: string | null;
        };
        ScimOperationSchema: {
            /** @example 2026-03-02T10:15:00 */
            at: string;
            /**
             * @example scim_user_created
             * @enum {string}
             */
            action: "scim_user_created" | "scim_user_updated" | "scim_user_deactivated" | "scim_user_reactivated";
            /**
             * @description userName of the user
             * @example ayse@example.com
             */
            user_name: string;
            /** @example 12 */
            user_id: number | null;
            /**
             * @description changed attributes (updates only)
             * @example [
             *       "department"
             *     ]
             */
            fields: string[];
        };
        ScimConnectionResponse: {
            ok: boolean;
            /**
             * @description SCIM base URL to enter in the identity provider
             * @example https://acme.example.com/api/scim/v2
             */
            base_url: string;
            /** @description the active SCIM key; null when none was created */
            key: components["schemas"]["ScimKeySchema"] | null;
            /** @description the last 20 provisioning operations, newest first */
            operations: components["schemas"]["ScimOperationSchema"][];
        };
        ScimKeyCreatedResponse: {
            ok: boolean;
            /**
             * @description the new SCIM key; shown only in this response. Earlier SCIM keys stop working.
             * @example scim_…
             */
            key: string;
            /** @example scim_AbC1dE2 */
            prefix: string;
            /** @example https://acme.example.com/api/scim/v2 */
            base_url: string;
        };
        ErpKeySchema: {
            /**
             * @description first characters of the key, to recognise it
             * @example erp_AbC1dE2X
             */
            prefix: string;
            /**
             * @description workspace local time
             * @example 2026-03-02T09:00:00
             */
            created_at: string;
            /** @example 2026-03-02T10:15:00 */
            last_used_at: string | null;
        };
        ErpQueueCountsSchema: {
            /** @description waiting to be listed (never claimed, or the lease ran out) */
            waiting: number;
            /** @description claimed by the ERP, lease running */
            claimed: number;
            /** @description waiting after a failed attempt */
            retrying: number;
            /** @description parked after too many failed attempts */
            failed: number;
            written: number;
        };
        ErpQueueErrorSchema: {
            /** @description queue entry id */
            id: number;
            order_id: number;
            /** @enum {string} */
            state: "waiting" | "failed";
            attempts: number;
            error: string;
            /** @example 2026-03-02T10:15:00 */
            at: string;
        };
        ErpConnectionResponse: {
            ok: boolean;
            /**
             * @description ERP API base URL
             * @example https://acme.example.com/api/erp/v1
             */
            base_url: string;
            /** @description active ERP keys (never the tokens) */
            keys: components["schemas"]["ErpKeySchema"][];
            queue: components["schemas"]["ErpQueueCountsSchema"];
            /** @description when the ERP last polled (claim or key use) */
            last_poll_at: string | null;
            /** @description entries with an ERP error, newest first (at most 20) */
            errors: components["schemas"]["ErpQueueErrorSchema"][];
        };
        ErpKeyCreatedResponse: {
            ok: boolean;
            /**
             * @description the new ERP key; shown only in this response. Earlier ERP keys stop working.
             * @example erp_…
             */
            key: string;
            /** @example erp_AbC1dE2X */
            prefix: string;
            /** @example https://acme.example.com/api/erp/v1 */
            base_url: string;
        };
        ErpKeyRevokedResponse: {
            ok: boolean;
            /** @description how many ERP keys were revoked */
            revoked: number;
        };
        AcceptInvitationDto: {
            /**
             * @description token of the invitation link (inv_…)
             * @example inv_…
             */
            token: string;
            /** @description the new password: at least 8 characters and not weak (common, containing the user name, or under 12 characters with fewer than three character classes) */
            password: string;
        };
        AcceptInvitationResponse: {
            ok: boolean;
            /**
             * @description user name to sign in with
             * @example ayse@example.com
             */
            username: string;
        };
        AppConnectionDto: {
            id: number;
            /** @description the app name shown at consent */
            app_name: string;
            /** @description registered client_id or the URL of its client metadata document */
            client_id: string;
            /**
             * @description space-separated
             * @example crm.read crm.write
             */
            scope: string;
            /** @description the scope in words */
            scope_words: string[];
            /** @example 2026-03-01T08:00:00 */
            created_at: string;
            /** @description last API call with a token of this grant (up to 5 s behind) */
            last_used_at: string | null;
            /** @description API calls made with tokens of this grant (up to 5 s behind) */
            call_count: number;
        };
        AppConnectionListDto: {
            /** @example true */
            ok: boolean;
            items: components["schemas"]["AppConnectionDto"][];
            next_cursor: string | null;
        };
        OkDto: {
            /** @example true */
            ok: boolean;
        };
        ScimDocumentDto: {
            schemas: string[];
        };
        ScimNameDto: {
            /** @example Ayşe Yılmaz */
            readonly formatted?: string;
            /** @example Ayşe */
            givenName?: string;
            /** @example Yılmaz */
            familyName?: string;
        };
        ScimMultiValueDto: {
            /** @example ayse@example.com */
            value: string;
            /** @example work */
            type?: string;
            primary?: boolean;
        };
        ScimEnterpriseDto: {
            /**
             * @description Users of one department form a team (visibility).
             * @example Sales North
             */
            department?: string;
        };
        ScimMetaDto: {
            /** @example User */
            resourceType: string;
            /** @example 2026-03-02T09:00:00.000Z */
            created: string;
            /** @example 2026-03-02T09:00:00.000Z */
            lastModified: string;
            /** @example https://acme.example.com/api/scim/v2/Users/12 */
            location: string;
        };
        ScimUserDto: {
            /**
             * @example [
             *       "urn:ietf:params:scim:schemas:core:2.0:User",
             *       "urn:ietf:params:scim:schemas:extension:enterprise:2.0:User"
             *     ]
             */
            schemas: string[];
            /**
             * @description Unique per workspace (letter case ignored); the e-mail address unless emails gives one.
             * @example ayse@example.com
             */
            userName: string;
            /** @example 00u1ab2cd3EF4gh5i6j7 */
            externalId?: string;
            name?: components["schemas"]["ScimNameDto"];
            /** @example Ayşe Yılmaz */
            displayName?: string;
            /** @description true or false (also the strings "True" / "False"); activation needs a free licence seat. */
            active?: boolean;
            emails?: components["schemas"]["ScimMultiValueDto"][];
            phoneNumbers?: components["schemas"]["ScimMultiValueDto"][];
            /** @description Ignored: users set their password through the invitation. */
            password?: string;
            "urn:ietf:params:scim:schemas:extension:enterprise:2.0:User"?: components["schemas"]["ScimEnterpriseDto"];
            /** @example 12 */
            id: string;
            meta: components["schemas"]["ScimMetaDto"];
        };
        ScimListResponseDto: {
            /**
             * @example [
             *       "urn:ietf:params:scim:api:messages:2.0:ListResponse"
             *     ]
             */
            schemas: string[];
            /** @example 1 */
            totalResults: number;
            /** @example 1 */
            startIndex: number;
            /** @example 1 */
            itemsPerPage: number;
            Resources: components["schemas"]["ScimUserDto"][];
        };
        ScimUserBodyDto: {
            /**
             * @example [
             *       "urn:ietf:params:scim:schemas:core:2.0:User",
             *       "urn:ietf:params:scim:schemas:extension:enterprise:2.0:User"
             *     ]
             */
            schemas: string[];
            /**
             * @description Unique per workspace (letter case ignored); the e-mail address unless emails gives one.
             * @example ayse@example.com
             */
            userName: string;
            /** @example 00u1ab2cd3EF4gh5i6j7 */
            externalId?: string;
            name?: components["schemas"]["ScimNameDto"];
            /** @example Ayşe Yılmaz */
            displayName?: string;
            /** @description true or false (also the strings "True" / "False"); activation needs a free licence seat. */
            active?: boolean;
            emails?: components["schemas"]["ScimMultiValueDto"][];
            phoneNumbers?: components["schemas"]["ScimMultiValueDto"][];
            /** @description Ignored: users set their password through the invitation. */
            password?: string;
            "urn:ietf:params:scim:schemas:extension:enterprise:2.0:User"?: components["schemas"]["ScimEnterpriseDto"];
        };
        ScimPatchOperationDto: {
            /**
             * @description add, remove or replace, in any letter case
             * @example replace
             */
            op: string;
            /** @example emails[type eq "work"].value */
            path?: string;
            /**
             * @description New value; without a path an object of attributes.
             * @example false
             */
            value?: Record<string, never>;
        };
        ScimPatchBodyDto: {
            /**
             * @example [
             *       "urn:ietf:params:scim:api:messages:2.0:PatchOp"
             *     ]
             */
            schemas: string[];
            Operations: components["schemas"]["ScimPatchOperationDto"][];
        };
        ErpOwnerSchema: {
            email: string;
            name: string;
        };
        ErpCustomerSchema: {
            id: number;
            rid: string;
            name: string;
            /** @description '' without an ERP account */
            code: string;
            /** @description '' without an ERP account */
            ext_id: string;
            tax_no: string;
            tax_office: string;
            address: string;
            city: string;
            phone: string;
            email: string;
        };
        ErpLineSchema: {
            code: string;
            ext_id: string;
            name: string;
            unit: string;
            qty: number;
            price: number;
        };
        ErpOrderSchema: {
            ref: string;
            po: string;
            /** Format: date */
            date: string;
            /** Format: date */
            due: string | null;
            kind: string;
            currency: string;
            note: string | null;
            order_id: number;
            payment_days: number;
            owner: components["schemas"]["ErpOwnerSchema"];
            customer: components["schemas"]["ErpCustomerSchema"];
            lines: components["schemas"]["ErpLineSchema"][];
        };
        ErpQueueItemSchema: {
            /** @description queue entry id, used in the report call */
            id: number;
            /** @description how many times the entry was claimed */
            attempts: number;
            /** @description YYYY-MM-DDTHH:mm:ss, workspace local time */
            created_at: string;
            order: components["schemas"]["ErpOrderSchema"];
        };
        ErpListResponseSchema: {
            ok: boolean;
            orders: components["schemas"]["ErpQueueItemSchema"][];
        };
        ErpReportDto: {
            /** @description true: written to the ERP; false: the ERP could not write it */
            ok: boolean;
            /** @description required with ok=true: the ERP's order number */
            ext_no?: string;
            /** @description with ok=true: the order status in the ERP, one of constants.order_erp_statuses (e.g. open, shipped, invoiced, closed) */
            status?: string;
            /** @description required with ok=false: the ERP's error message */
            error?: string;
        };
        ErpOrderStateSchema: {
            /** @enum {string} */
            status: "queued" | "written" | "failed";
            label: string;
            /** @enum {string} */
            tone: "info" | "warning" | "success" | "danger";
            ext_no: string;
            error: string;
        };
        ErpReportedOrderSchema: {
            id: number;
            customer_id: number;
            customer_po: string;
            /** @description one of constants.order_statuses */
            status: string;
            erp: components["schemas"]["ErpOrderStateSchema"] | null;
        };
        ErpReportResponseSchema: {
            ok: boolean;
            order: components["schemas"]["ErpReportedOrderSchema"];
        };
        WebhookResultSchema: {
            /** @description HTTP status of the answer; null when there was none */
            status: number | null;
            /** @description why there was no 2xx answer (timeout, refused address, connection error) */
            error: Record<string, never> | null;
            ok: boolean;
            event: Record<string, never> | null;
            /**
             * @description local time of the workspace
             * @example 2026-03-01T08:00:00
             */
            at: string;
        };
        WebhookSchema: {
            id: number;
            /** @enum {string} */
            kind: "webhook" | "slack" | "teams" | "google_chat" | "discord" | "telegram";
            url: string;
            events: string[];
            active: boolean;
            /** @description the signing key; only in the create and rotate responses, null otherwise */
            signing_key: Record<string, never> | null;
            last_result: components["schemas"]["WebhookResultSchema"] | null;
            created_at: string;
            updated_at: string;
        };
        WebhookListResponse: {
            ok: boolean;
            items: components["schemas"]["WebhookSchema"][];
        };
        CreateWebhookDto: {
            /**
             * @description https:// URL the deliveries are POSTed to
             * @example https://hooks.example.com/crm
             */
            url: string;
            /** @description event kinds to deliver (spec 6.1) */
            events: ("opp_created" | "opp_stage" | "opp_won" | "opp_lost" | "customer_created" | "contact_created" | "lead_created" | "visit_created" | "ticket_created" | "form_submitted")[];
            /**
             * @description webhook (signed JSON) or a chat channel (its own message format, unsigned)
             * @default webhook
             * @enum {string}
             */
            kind: "webhook" | "slack" | "teams" | "google_chat" | "discord" | "telegram";
            /** @default true */
            active: boolean;
        };
        WebhookResponse: {
            ok: boolean;
            webhook: components["schemas"]["WebhookSchema"];
        };
        UpdateWebhookDto: {
            url?: string;
            events?: ("opp_created" | "opp_stage" | "opp_won" | "opp_lost" | "customer_created" | "contact_created" | "lead_created" | "visit_created" | "ticket_created" | "form_submitted")[];
            active?: boolean;
        };
        WebhookOkResponse: {
            ok: boolean;
        };
        WebhookDeliverySchema: {
            id: number;
            event: string;
            /** @enum {string} */
            status: "pending" | "sending" | "done";
            ok: Record<string, never> | null;
            http_status: number | null;
            error: Record<string, never> | null;
            duration_ms: number | null;
            /** @description the first bytes of the answer */
            response: string;
            /** @description the delivery this one sent again */
            resend_of: number | null;
            webhook_id: string;
            created_at: string;
            finished_at: Record<string, never> | null;
        };
        WebhookDeliveryResponse: {
            ok: boolean;
            delivery: components["schemas"]["WebhookDeliverySchema"];
        };
        WebhookDeliveryListResponse: {
            ok: boolean;
            /** @description the latest 200 attempts, newest first */
            items: components["schemas"]["WebhookDeliverySchema"][];
        };
        /**
         * @description User summary (spec 2.1).
         * @example {
         *       "id": 7,
         *       "username": "ayse",
         *       "full_name": "Ayşe Demir",
         *       "role": "sales",
         *       "role_label": "Sales"
         *     }
         */
        UserSummary: {
            id: number;
            username: string;
            full_name: string;
            /** @description admin or sales */
            role: string;
            /** @description the role in the workspace's language */
            role_label: string;
            /** @description only on the caller's own user (me, login) */
            email?: string;
            /** @description licence modules on for the caller; only on the caller's own user */
            modules?: string[];
        };
        /**
         * @description Done.
         * @example {
         *       "ok": true
         *     }
         */
        OkResponse: {
            /** @enum {boolean} */
            ok: true;
        };
        /**
         * @description Custom object records linked to this record, by object and relation (spec 2.10).
         * @example [
         *       {
         *         "key": "machines",
         *         "label": "Machines",
         *         "relation": "customer",
         *         "relation_label": "Customer",
         *         "items": [
         *           {
         *             "id": 12,
         *             "name": "Extruder 3",
         *             "active": true
         *           }
         *         ]
         *       }
         *     ]
         */
        LinkedRecords: {
            /** @description object key */
            key: string;
            label: string;
            relation: string;
            relation_label: string;
            items: {
                id: number;
                name: string;
                active: boolean;
            }[];
        }[];
        /**
         * @description The order in the ERP exchange.
         * @example {
         *       "status": "written",
         *       "ext_no": "SO-20417",
         *       "error": "",
         *       "label": "In the ERP as SO-20417",
         *       "tone": "success"
         *     }
         */
        OrderErpState: {
            /** @enum {string} */
            status: "queued" | "written" | "failed";
            /** @description the ERP's order number once written */
            ext_no: string;
            /** @description the ERP's last error, empty when none */
            error: string;
            label: string;
            /** @enum {string} */
            tone: "info" | "success" | "warning" | "danger";
        };
        /**
         * @description Order row (spec 2.8).
         * @example {
         *       "id": 311,
         *       "customer_id": 42,
         *       "opp_id": 95,
         *       "product_id": 3,
         *       "customer_po": "PO-7781",
         *       "date": "2026-11-20",
         *       "due_date": "2026-12-15",
         *       "amount": 26250,
         *       "kg": 12500,
         *       "price": 2.1,
         *       "currency": "EUR",
         *       "kind": "sale",
         *       "note": "",
         *       "product": "PE film 50µ",
         *       "pu": "EUR/kg",
         *       "unit": "kg",
         *       "status": "sent",
         *       "payment_days": 60,
         *       "erp": {
         *         "status": "written",
         *         "ext_no": "SO-20417",
         *         "error": "",
         *         "label": "In the ERP as SO-20417",
         *         "tone": "success"
         *       }
         *     }
         */
        OrderRow: {
            id: number;
            customer_id: number;
            opp_id: number | null;
            product_id: number | null;
            customer_po: string;
            /**
             * Format: date
             * @example 2026-11-26
             */
            date: string;
            /**
             * Format: date
             * @example 2026-11-26
             */
            due_date: string | null;
            /** @description kg × price, exact to the cent */
            amount: number;
            /** @description quantity in `unit` (the spec calls it kg whatever the unit) */
            kg: number;
            price: number;
            currency: string;
            /** @description one of constants.order_kinds (GET /api/v1/me) */
            kind: string;
            note: string;
            product: string;
            /** @description price unit: currency/unit */
            pu: string;
            unit: string;
            /** @description one of constants.order_statuses (GET /api/v1/me) */
            status: string;
            payment_days: number;
            /** @description null until the order is queued for the ERP */
            erp: components["schemas"]["OrderErpState"] | null;
        };
        /**
         * @description Customer card item (spec 4.2).
         * @example {
         *       "id": 42,
         *       "rid": "C-42",
         *       "name": "Anadolu Ambalaj A.Ş.",
         *       "initials": "AA",
         *       "city": "Bursa",
         *       "sector": "Packaging",
         *       "status": "customer",
         *       "status_label": "customer",
         *       "unit": "kg",
         *       "currency": "EUR",
         *       "currency_default": "EUR",
         *       "phone": "+90 224 555 0100",
         *       "active": true,
         *       "at_risk": false,
         *       "last_visit": "2026-11-02",
         *       "next_visit_due": "2026-12-02",
         *       "open_opps": 2,
         *       "period": 30,
         *       "visit_overdue_days": 0,
         *       "pending_state": "open_tasks",
         *       "visit_state": "ok",
         *       "potential_kg": 180000,
         *       "main_contact": {
         *         "email": "mert@anadolu.example",
         *         "name": "Mert Kaya",
         *         "phone": "+90 532 555 0101",
         *         "wa": "+905325550101"
         *       },
         *       "owner": {
         *         "id": 7,
         *         "username": "ayse",
         *         "full_name": "Ayşe Demir",
         *         "role": "sales",
         *         "role_label": "Sales"
         *       }
         *     }
         */
        CustomerCard: {
            id: number;
            /** @description display key, e.g. C-42 */
            rid: string;
            name: string;
            initials: string;
            city: string;
            sector: string;
            /** @description one of constants.customer_statuses (GET /api/v1/me) */
            status: string;
            status_label: string;
            unit: string;
            currency: string;
            /** @description the workspace's base currency */
            currency_default: string;
            phone: string;
            active: boolean;
            at_risk: boolean;
            /**
             * Format: date
             * @description latest visit; never visited: the creation date (visit_state is then `never`)
             * @example 2026-11-26
             */
            last_visit: string;
            /**
             * Format: date
             * @description last_visit + period; null only when the status has no visit period
             * @example 2026-11-26
             */
            next_visit_due: string | null;
            /** @description open opportunities; 0 without the Opportunities module */
            open_opps: number;
            /** @description visit period in days */
            period: number;
            visit_overdue_days: number;
            /**
             * @description `none` without the Visits / Activities module
             * @enum {string}
             */
            pending_state: "none" | "open_tasks";
            /** @enum {string} */
            visit_state: "never" | "ok" | "due_soon" | "overdue";
            /** @description 0 when unknown */
            potential_kg: number;
            main_contact: {
                email: string;
                name: string;
                phone: string;
                wa: string;
            } | null;
            owner: components["schemas"]["UserSummary"] | null;
        };
        /**
         * @description A company as lists return it: the card fields and the remaining columns.
         * @example {
         *       "id": 42,
         *       "rid": "C-42",
         *       "name": "Anadolu Ambalaj A.Ş.",
         *       "initials": "AA",
         *       "city": "Bursa",
         *       "sector": "Packaging",
         *       "status": "customer",
         *       "status_label": "customer",
         *       "unit": "kg",
         *       "currency": "EUR",
         *       "currency_default": "EUR",
         *       "phone": "+90 224 555 0100",
         *       "active": true,
         *       "at_risk": false,
         *       "last_visit": "2026-11-02",
         *       "next_visit_due": "2026-12-02",
         *       "open_opps": 2,
         *       "period": 30,
         *       "visit_overdue_days": 0,
         *       "pending_state": "open_tasks",
         *       "visit_state": "ok",
         *       "potential_kg": 180000,
         *       "main_contact": {
         *         "email": "mert@anadolu.example",
         *         "name": "Mert Kaya",
         *         "phone": "+90 532 555 0101",
         *         "wa": "+905325550101"
         *       },
         *       "owner": {
         *         "id": 7,
         *         "username": "ayse",
         *         "full_name": "Ayşe Demir",
         *         "role": "sales",
         *         "role_label": "Sales"
         *       },
         *       "country": "TR",
         *       "address": "Nilüfer OSB, 16140 Bursa",
         *       "email": "info@anadolu.example",
         *       "website": "https://anadolu.example",
         *       "tax_no": "0680012345",
         *       "tax_office": "Nilüfer",
         *       "erp_code": "C10042",
         *       "erp_ext_id": "",
         *       "source": "fair",
         *       "note": "",
         *       "can_edit": true,
         *       "created_at": "2025-03-14T10:02:11",
         *       "updated_at": "2026-11-20T16:45:03"
         *     }
         */
        CompanyRecord: {
            id: number;
            /** @description display key, e.g. C-42 */
            rid: string;
            name: string;
            initials: string;
            city: string;
            sector: string;
            /** @description one of constants.customer_statuses (GET /api/v1/me) */
            status: string;
            status_label: string;
            unit: string;
            currency: string;
            /** @description the workspace's base currency */
            currency_default: string;
            phone: string;
            active: boolean;
            at_risk: boolean;
            /**
             * Format: date
             * @description latest visit; never visited: the creation date (visit_state is then `never`)
             * @example 2026-11-26
             */
            last_visit: string;
            /**
             * Format: date
             * @description last_visit + period; null only when the status has no visit period
             * @example 2026-11-26
             */
            next_visit_due: string | null;
            /** @description open opportunities; 0 without the Opportunities module */
            open_opps: number;
            /** @description visit period in days */
            period: number;
            visit_overdue_days: number;
            /**
             * @description `none` without the Visits / Activities module
             * @enum {string}
             */
            pending_state: "none" | "open_tasks";
            /** @enum {string} */
            visit_state: "never" | "ok" | "due_soon" | "overdue";
            /** @description 0 when unknown */
            potential_kg: number;
            main_contact: {
                email: string;
                name: string;
                phone: string;
                wa: string;
            } | null;
            owner: components["schemas"]["UserSummary"] | null;
            country: string;
            address: string;
            email: string;
            website: string;
            tax_no: string;
            tax_office: string;
            erp_code: string;
            erp_ext_id: string;
            source: string;
            note: string;
            /** @description the caller may change this company */
            can_edit: boolean;
            /**
             * @description local time of the workspace, no offset
             * @example 2026-11-26T09:30:00
             */
            created_at: string;
            /**
             * @description local time of the workspace, no offset
             * @example 2026-11-26T09:30:00
             */
            updated_at: string;
        };
        /**
         * @description One company with its orders (spec 2.8) and linked custom object records.
         * @example {
         *       "id": 42,
         *       "rid": "C-42",
         *       "name": "Anadolu Ambalaj A.Ş.",
         *       "initials": "AA",
         *       "city": "Bursa",
         *       "sector": "Packaging",
         *       "status": "customer",
         *       "status_label": "customer",
         *       "unit": "kg",
         *       "currency": "EUR",
         *       "currency_default": "EUR",
         *       "phone": "+90 224 555 0100",
         *       "active": true,
         *       "at_risk": false,
         *       "last_visit": "2026-11-02",
         *       "next_visit_due": "2026-12-02",
         *       "open_opps": 2,
         *       "period": 30,
         *       "visit_overdue_days": 0,
         *       "pending_state": "open_tasks",
         *       "visit_state": "ok",
         *       "potential_kg": 180000,
         *       "main_contact": {
         *         "email": "mert@anadolu.example",
         *         "name": "Mert Kaya",
         *         "phone": "+90 532 555 0101",
         *         "wa": "+905325550101"
         *       },
         *       "owner": {
         *         "id": 7,
         *         "username": "ayse",
         *         "full_name": "Ayşe Demir",
         *         "role": "sales",
         *         "role_label": "Sales"
         *       },
         *       "country": "TR",
         *       "address": "Nilüfer OSB, 16140 Bursa",
         *       "email": "info@anadolu.example",
         *       "website": "https://anadolu.example",
         *       "tax_no": "0680012345",
         *       "tax_office": "Nilüfer",
         *       "erp_code": "C10042",
         *       "erp_ext_id": "",
         *       "source": "fair",
         *       "note": "",
         *       "can_edit": true,
         *       "created_at": "2025-03-14T10:02:11",
         *       "updated_at": "2026-11-20T16:45:03",
         *       "orders": [
         *         {
         *           "id": 311,
         *           "customer_id": 42,
         *           "opp_id": 95,
         *           "product_id": 3,
         *           "customer_po": "PO-7781",
         *           "date": "2026-11-20",
         *           "due_date": "2026-12-15",
         *           "amount": 26250,
         *           "kg": 12500,
         *           "price": 2.1,
         *           "currency": "EUR",
         *           "kind": "sale",
         *           "note": "",
         *           "product": "PE film 50µ",
         *           "pu": "EUR/kg",
         *           "unit": "kg",
         *           "status": "sent",
         *           "payment_days": 60,
         *           "erp": {
         *             "status": "written",
         *             "ext_no": "SO-20417",
         *             "error": "",
         *             "label": "In the ERP as SO-20417",
         *             "tone": "success"
         *           }
         *         }
         *       ],
         *       "objects": [
         *         {
         *           "key": "machines",
         *           "label": "Machines",
         *           "relation": "customer",
         *           "relation_label": "Customer",
         *           "items": [
         *             {
         *               "id": 12,
         *               "name": "Extruder 3",
         *               "active": true
         *             }
         *           ]
         *         }
         *       ]
         *     }
         */
        Company: {
            id: number;
            /** @description display key, e.g. C-42 */
            rid: string;
            name: string;
            initials: string;
            city: string;
            sector: string;
            /** @description one of constants.customer_statuses (GET /api/v1/me) */
            status: string;
            status_label: string;
            unit: string;
            currency: string;
            /** @description the workspace's base currency */
            currency_default: string;
            phone: string;
            active: boolean;
            at_risk: boolean;
            /**
             * Format: date
             * @description latest visit; never visited: the creation date (visit_state is then `never`)
             * @example 2026-11-26
             */
            last_visit: string;
            /**
             * Format: date
             * @description last_visit + period; null only when the status has no visit period
             * @example 2026-11-26
             */
            next_visit_due: string | null;
            /** @description open opportunities; 0 without the Opportunities module */
            open_opps: number;
            /** @description visit period in days */
            period: number;
            visit_overdue_days: number;
            /**
             * @description `none` without the Visits / Activities module
             * @enum {string}
             */
            pending_state: "none" | "open_tasks";
            /** @enum {string} */
            visit_state: "never" | "ok" | "due_soon" | "overdue";
            /** @description 0 when unknown */
            potential_kg: number;
            main_contact: {
                email: string;
                name: string;
                phone: string;
                wa: string;
            } | null;
            owner: components["schemas"]["UserSummary"] | null;
            country: string;
            address: string;
            email: string;
            website: string;
            tax_no: string;
            tax_office: string;
            erp_code: string;
            erp_ext_id: string;
            source: string;
            note: string;
            /** @description the caller may change this company */
            can_edit: boolean;
            /**
             * @description local time of the workspace, no offset
             * @example 2026-11-26T09:30:00
             */
            created_at: string;
            /**
             * @description local time of the workspace, no offset
             * @example 2026-11-26T09:30:00
             */
            updated_at: string;
            orders: components["schemas"]["OrderRow"][];
            objects: components["schemas"]["LinkedRecords"];
        };
        CompanyResponse: {
            /** @enum {boolean} */
            ok: true;
            company: components["schemas"]["Company"];
        };
        /** @description A page of companies, newest first. */
        CompanyList: {
            /** @enum {boolean} */
            ok: true;
            items: components["schemas"]["CompanyRecord"][];
            /** @description pass as `cursor` for the next page; null on the last page */
            next_cursor: string | null;
        };
        /**
         * @description The REST error envelope (spec 7.1). `error` is the code, `message` explains it; for a bad field `field` names the first and `fields` up to 10. Some errors add what the caller needs to go on (e.g. the existing record of a duplicate, the needed scope or module).
         * @example {
         *       "ok": false,
         *       "error": "invalid",
         *       "message": "name: must not be empty",
         *       "field": "name",
         *       "fields": [
         *         "name"
         *       ]
         *     }
         */
        Error: {
            /** @enum {boolean} */
            ok: false;
            /** @description invalid, unauthorized, forbidden, module, insufficient_scope, not_found, conflict, duplicate, payload_too_large, unsupported_media_type, method_not_allowed, rate_limited, internal, ... */
            error: string;
            message: string;
            /** @description the first bad field (400 invalid) */
            field?: string;
            /** @description the bad fields (400 invalid) */
            fields?: string[];
            /** @description only on 500 internal: quote it when reporting the error */
            request_id?: string;
            /** @description 409 `duplicate`: the record that exists, when the caller may see it */
            existing?: {
                id: number;
                name: string;
            };
        };
        /**
         * @description The SCIM error message (RFC 7644 section 3.12; spec 7.3).
         * @example {
         *       "schemas": [
         *         "urn:ietf:params:scim:api:messages:2.0:Error"
         *       ],
         *       "status": "409",
         *       "scimType": "uniqueness",
         *       "detail": "userName or e-mail already exists"
         *     }
         */
        ScimError: {
            schemas: "urn:ietf:params:scim:api:messages:2.0:Error"[];
            /** @description the HTTP status as a string */
            status: string;
            /** @description uniqueness, invalidValue, invalidSyntax, invalidPath, invalidFilter, mutability, ... */
            scimType?: string;
            detail: string;
        };
        /**
         * @description An OAuth 2.1 error (RFC 6749 section 5.2; spec 7.2).
         * @example {
         *       "error": "invalid_grant",
         *       "error_description": "code expired or already used"
         *     }
         */
        OAuthError: {
            /** @description invalid_request, invalid_client, invalid_grant, unauthorized_client, unsupported_grant_type, invalid_scope, slow_down, ... */
            error: string;
            error_description?: string;
        };
        /**
         * @description A JSON-RPC 2.0 error response (the MCP endpoint), or the REST envelope for a missing or refused token.
         * @example {
         *       "jsonrpc": "2.0",
         *       "id": null,
         *       "error": {
         *         "code": -32700,
         *         "message": "Parse error"
         *       }
         *     }
         */
        JsonRpcError: {
            /** @enum {string} */
            jsonrpc: "2.0";
            id: (string | number) | null;
            error: {
                code: number;
                message: string;
                data?: unknown;
            };
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    Auth_signIn: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["LoginDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    Auth_signOut: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description unauthorized: missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description insufficient_scope, module or forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    Auth_me: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description unauthorized: missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description insufficient_scope, module or forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    Products_list: {
        parameters: {
            query?: {
                all?: boolean;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description unauthorized: missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description insufficient_scope, module or forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    Products_create: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateProductDto"];
            };
        };
        responses: {
            /** @description unauthorized: missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description insufficient_scope (always for an OAuth token: workspace administration is first-party only), module or forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    Products_get: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description unauthorized: missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description insufficient_scope, module or forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    Products_update: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateProductDto"];
            };
        };
        responses: {
            /** @description unauthorized: missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description insufficient_scope (always for an OAuth token: workspace administration is first-party only), module or forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    listCompanies: {
        parameters: {
            query?: {
                limit?: number;
                /** @description next_cursor of the previous page */
                cursor?: string;
                /** @description recent: newest first (default); update: by last change, oldest first, for sync */
                sort?: "recent" | "update";
                /** @description with sort=update: only records changed at or after this timestamp, in the workspace local time like every updated_at (or with Z / an offset ±hh:mm) (e.g. `2026-03-01T08:00:00`) */
                updated_since?: string;
                /** @description name contains (case-insensitive) */
                q?: string;
                status?: string;
                owner_id?: number;
                city?: string;
                active?: boolean;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": true,
                     *       "items": [
                     *         {
                     *           "id": 42,
                     *           "rid": "C-42",
                     *           "name": "Anadolu Ambalaj A.Ş.",
                     *           "initials": "AA",
                     *           "city": "Bursa",
                     *           "sector": "Packaging",
                     *           "status": "customer",
                     *           "status_label": "customer",
                     *           "unit": "kg",
                     *           "currency": "EUR",
                     *           "currency_default": "EUR",
                     *           "phone": "+90 224 555 0100",
                     *           "active": true,
                     *           "at_risk": false,
                     *           "last_visit": "2026-11-02",
                     *           "next_visit_due": "2026-12-02",
                     *           "open_opps": 2,
                     *           "period": 30,
                     *           "visit_overdue_days": 0,
                     *           "pending_state": "open_tasks",
                     *           "visit_state": "ok",
                     *           "potential_kg": 180000,
                     *           "main_contact": {
                     *             "email": "mert@anadolu.example",
                     *             "name": "Mert Kaya",
                     *             "phone": "+90 532 555 0101",
                     *             "wa": "+905325550101"
                     *           },
                     *           "owner": {
                     *             "id": 7,
                     *             "username": "ayse",
                     *             "full_name": "Ayşe Demir",
                     *             "role": "sales",
                     *             "role_label": "Sales"
                     *           },
                     *           "country": "TR",
                     *           "address": "Nilüfer OSB, 16140 Bursa",
                     *           "email": "info@anadolu.example",
                     *           "website": "https://anadolu.example",
                     *           "tax_no": "0680012345",
                     *           "tax_office": "Nilüfer",
                     *           "erp_code": "C10042",
                     *           "erp_ext_id": "",
                     *           "source": "fair",
                     *           "note": "",
                     *           "can_edit": true,
                     *           "created_at": "2025-03-14T10:02:11",
                     *           "updated_at": "2026-11-20T16:45:03"
                     *         }
                     *       ],
                     *       "next_cursor": null
                     *     }
                     */
                    "application/json": components["schemas"]["CompanyList"];
                };
            };
            /** @description `invalid`: a missing or invalid field or parameter (`message` explains, `field`/`fields` name it) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unauthorized`: missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `insufficient_scope` (the token lacks the scope), `module` (the module is off in the licence or for the user) or `forbidden` (not allowed to see or edit this record) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limited`: the per-minute request limit is exceeded; wait `Retry-After` seconds */
            429: {
                headers: {
                    /** @description seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createCompany: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateCompanyDto"];
            };
        };
        responses: {
            /** @description success */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": true,
                     *       "company": {
                     *         "id": 42,
                     *         "rid": "C-42",
                     *         "name": "Anadolu Ambalaj A.Ş.",
                     *         "initials": "AA",
                     *         "city": "Bursa",
                     *         "sector": "Packaging",
                     *         "status": "customer",
                     *         "status_label": "customer",
                     *         "unit": "kg",
                     *         "currency": "EUR",
                     *         "currency_default": "EUR",
                     *         "phone": "+90 224 555 0100",
                     *         "active": true,
                     *         "at_risk": false,
                     *         "last_visit": "2026-11-02",
                     *         "next_visit_due": "2026-12-02",
                     *         "open_opps": 2,
                     *         "period": 30,
                     *         "visit_overdue_days": 0,
                     *         "pending_state": "open_tasks",
                     *         "visit_state": "ok",
                     *         "potential_kg": 180000,
                     *         "main_contact": {
                     *           "email": "mert@anadolu.example",
                     *           "name": "Mert Kaya",
                     *           "phone": "+90 532 555 0101",
                     *           "wa": "+905325550101"
                     *         },
                     *         "owner": {
                     *           "id": 7,
                     *           "username": "ayse",
                     *           "full_name": "Ayşe Demir",
                     *           "role": "sales",
                     *           "role_label": "Sales"
                     *         },
                     *         "country": "TR",
                     *         "address": "Nilüfer OSB, 16140 Bursa",
                     *         "email": "info@anadolu.example",
                     *         "website": "https://anadolu.example",
                     *         "tax_no": "0680012345",
                     *         "tax_office": "Nilüfer",
                     *         "erp_code": "C10042",
                     *         "erp_ext_id": "",
                     *         "source": "fair",
                     *         "note": "",
                     *         "can_edit": true,
                     *         "created_at": "2025-03-14T10:02:11",
                     *         "updated_at": "2026-11-20T16:45:03",
                     *         "orders": [
                     *           {
                     *             "id": 311,
                     *             "customer_id": 42,
                     *             "opp_id": 95,
                     *             "product_id": 3,
                     *             "customer_po": "PO-7781",
                     *             "date": "2026-11-20",
                     *             "due_date": "2026-12-15",
                     *             "amount": 26250,
                     *             "kg": 12500,
                     *             "price": 2.1,
                     *             "currency": "EUR",
                     *             "kind": "sale",
                     *             "note": "",
                     *             "product": "PE film 50µ",
                     *             "pu": "EUR/kg",
                     *             "unit": "kg",
                     *             "status": "sent",
                     *             "payment_days": 60,
                     *             "erp": {
                     *               "status": "written",
                     *               "ext_no": "SO-20417",
                     *               "error": "",
                     *               "label": "In the ERP as SO-20417",
                     *               "tone": "success"
                     *             }
                     *           }
                     *         ],
                     *         "objects": [
                     *           {
                     *             "key": "machines",
                     *             "label": "Machines",
                     *             "relation": "customer",
                     *             "relation_label": "Customer",
                     *             "items": [
                     *               {
                     *                 "id": 12,
                     *                 "name": "Extruder 3",
                     *                 "active": true
                     *               }
                     *             ]
                     *           }
                     *         ]
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["CompanyResponse"];
                };
            };
            /** @description `invalid`: a missing or invalid field or parameter (`message` explains, `field`/`fields` name it) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unauthorized`: missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `insufficient_scope` (the token lacks the scope), `module` (the module is off in the licence or for the user) or `forbidden` (not allowed to see or edit this record) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `duplicate`: a company with this name exists (`existing`: {id, name}, when the caller may see it) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `payload_too_large`: the body is larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unsupported_media_type`: the body is not JSON, or its encoding is not supported */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limited`: the per-minute request limit is exceeded; wait `Retry-After` seconds */
            429: {
                headers: {
                    /** @description seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getCompany: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": true,
                     *       "company": {
                     *         "id": 42,
                     *         "rid": "C-42",
                     *         "name": "Anadolu Ambalaj A.Ş.",
                     *         "initials": "AA",
                     *         "city": "Bursa",
                     *         "sector": "Packaging",
                     *         "status": "customer",
                     *         "status_label": "customer",
                     *         "unit": "kg",
                     *         "currency": "EUR",
                     *         "currency_default": "EUR",
                     *         "phone": "+90 224 555 0100",
                     *         "active": true,
                     *         "at_risk": false,
                     *         "last_visit": "2026-11-02",
                     *         "next_visit_due": "2026-12-02",
                     *         "open_opps": 2,
                     *         "period": 30,
                     *         "visit_overdue_days": 0,
                     *         "pending_state": "open_tasks",
                     *         "visit_state": "ok",
                     *         "potential_kg": 180000,
                     *         "main_contact": {
                     *           "email": "mert@anadolu.example",
                     *           "name": "Mert Kaya",
                     *           "phone": "+90 532 555 0101",
                     *           "wa": "+905325550101"
                     *         },
                     *         "owner": {
                     *           "id": 7,
                     *           "username": "ayse",
                     *           "full_name": "Ayşe Demir",
                     *           "role": "sales",
                     *           "role_label": "Sales"
                     *         },
                     *         "country": "TR",
                     *         "address": "Nilüfer OSB, 16140 Bursa",
                     *         "email": "info@anadolu.example",
                     *         "website": "https://anadolu.example",
                     *         "tax_no": "0680012345",
                     *         "tax_office": "Nilüfer",
                     *         "erp_code": "C10042",
                     *         "erp_ext_id": "",
                     *         "source": "fair",
                     *         "note": "",
                     *         "can_edit": true,
                     *         "created_at": "2025-03-14T10:02:11",
                     *         "updated_at": "2026-11-20T16:45:03",
                     *         "orders": [
                     *           {
                     *             "id": 311,
                     *             "customer_id": 42,
                     *             "opp_id": 95,
                     *             "product_id": 3,
                     *             "customer_po": "PO-7781",
                     *             "date": "2026-11-20",
                     *             "due_date": "2026-12-15",
                     *             "amount": 26250,
                     *             "kg": 12500,
                     *             "price": 2.1,
                     *             "currency": "EUR",
                     *             "kind": "sale",
                     *             "note": "",
                     *             "product": "PE film 50µ",
                     *             "pu": "EUR/kg",
                     *             "unit": "kg",
                     *             "status": "sent",
                     *             "payment_days": 60,
                     *             "erp": {
                     *               "status": "written",
                     *               "ext_no": "SO-20417",
                     *               "error": "",
                     *               "label": "In the ERP as SO-20417",
                     *               "tone": "success"
                     *             }
                     *           }
                     *         ],
                     *         "objects": [
                     *           {
                     *             "key": "machines",
                     *             "label": "Machines",
                     *             "relation": "customer",
                     *             "relation_label": "Customer",
                     *             "items": [
                     *               {
                     *                 "id": 12,
                     *                 "name": "Extruder 3",
                     *                 "active": true
                     *               }
                     *             ]
                     *           }
                     *         ]
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["CompanyResponse"];
                };
            };
            /** @description `invalid`: a missing or invalid field or parameter (`message` explains, `field`/`fields` name it) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unauthorized`: missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `insufficient_scope` (the token lacks the scope), `module` (the module is off in the licence or for the user) or `forbidden` (not allowed to see or edit this record) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `not_found`: no such record, or one the caller may not see */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limited`: the per-minute request limit is exceeded; wait `Retry-After` seconds */
            429: {
                headers: {
                    /** @description seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    archiveCompany: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": true
                     *     }
                     */
                    "application/json": components["schemas"]["OkResponse"];
                };
            };
            /** @description `invalid`: a missing or invalid field or parameter (`message` explains, `field`/`fields` name it) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unauthorized`: missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `insufficient_scope` (the token lacks the scope), `module` (the module is off in the licence or for the user) or `forbidden` (not allowed to see or edit this record) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `not_found`: no such record, or one the caller may not see */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limited`: the per-minute request limit is exceeded; wait `Retry-After` seconds */
            429: {
                headers: {
                    /** @description seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    updateCompany: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateCompanyDto"];
            };
        };
        responses: {
            /** @description success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": true,
                     *       "company": {
                     *         "id": 42,
                     *         "rid": "C-42",
                     *         "name": "Anadolu Ambalaj A.Ş.",
                     *         "initials": "AA",
                     *         "city": "Bursa",
                     *         "sector": "Packaging",
                     *         "status": "customer",
                     *         "status_label": "customer",
                     *         "unit": "kg",
                     *         "currency": "EUR",
                     *         "currency_default": "EUR",
                     *         "phone": "+90 224 555 0100",
                     *         "active": true,
                     *         "at_risk": false,
                     *         "last_visit": "2026-11-02",
                     *         "next_visit_due": "2026-12-02",
                     *         "open_opps": 2,
                     *         "period": 30,
                     *         "visit_overdue_days": 0,
                     *         "pending_state": "open_tasks",
                     *         "visit_state": "ok",
                     *         "potential_kg": 180000,
                     *         "main_contact": {
                     *           "email": "mert@anadolu.example",
                     *           "name": "Mert Kaya",
                     *           "phone": "+90 532 555 0101",
                     *           "wa": "+905325550101"
                     *         },
                     *         "owner": {
                     *           "id": 7,
                     *           "username": "ayse",
                     *           "full_name": "Ayşe Demir",
                     *           "role": "sales",
                     *           "role_label": "Sales"
                     *         },
                     *         "country": "TR",
                     *         "address": "Nilüfer OSB, 16140 Bursa",
                     *         "email": "info@anadolu.example",
                     *         "website": "https://anadolu.example",
                     *         "tax_no": "0680012345",
                     *         "tax_office": "Nilüfer",
                     *         "erp_code": "C10042",
                     *         "erp_ext_id": "",
                     *         "source": "fair",
                     *         "note": "",
                     *         "can_edit": true,
                     *         "created_at": "2025-03-14T10:02:11",
                     *         "updated_at": "2026-11-20T16:45:03",
                     *         "orders": [
                     *           {
                     *             "id": 311,
                     *             "customer_id": 42,
                     *             "opp_id": 95,
                     *             "product_id": 3,
                     *             "customer_po": "PO-7781",
                     *             "date": "2026-11-20",
                     *             "due_date": "2026-12-15",
                     *             "amount": 26250,
                     *             "kg": 12500,
                     *             "price": 2.1,
                     *             "currency": "EUR",
                     *             "kind": "sale",
                     *             "note": "",
                     *             "product": "PE film 50µ",
                     *             "pu": "EUR/kg",
                     *             "unit": "kg",
                     *             "status": "sent",
                     *             "payment_days": 60,
                     *             "erp": {
                     *               "status": "written",
                     *               "ext_no": "SO-20417",
                     *               "error": "",
                     *               "label": "In the ERP as SO-20417",
                     *               "tone": "success"
                     *             }
                     *           }
                     *         ],
                     *         "objects": [
                     *           {
                     *             "key": "machines",
                     *             "label": "Machines",
                     *             "relation": "customer",
                     *             "relation_label": "Customer",
                     *             "items": [
                     *               {
                     *                 "id": 12,
                     *                 "name": "Extruder 3",
                     *                 "active": true
                     *               }
                     *             ]
                     *           }
                     *         ]
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["CompanyResponse"];
                };
            };
            /** @description `invalid`: a missing or invalid field or parameter (`message` explains, `field`/`fields` name it) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unauthorized`: missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `insufficient_scope` (the token lacks the scope), `module` (the module is off in the licence or for the user) or `forbidden` (not allowed to see or edit this record) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `not_found`: no such record, or one the caller may not see */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `payload_too_large`: the body is larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unsupported_media_type`: the body is not JSON, or its encoding is not supported */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limited`: the per-minute request limit is exceeded; wait `Retry-After` seconds */
            429: {
                headers: {
                    /** @description seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    People_list: {
        parameters: {
            query?: {
                limit?: number;
                /** @description next_cursor of the previous page */
                cursor?: string;
                /** @description recent: newest first (default); update: by last change, oldest first, for sync */
                sort?: "recent" | "update";
                /** @description with sort=update: only records changed at or after this timestamp, in the workspace local time like every updated_at (or with Z / an offset ±hh:mm) (e.g. `2026-03-01T08:00:00`) */
                updated_since?: string;
                /** @description name or e-mail contains (case-insensitive) */
                q?: string;
                customer_id?: number;
                owner_id?: number;
                active?: boolean;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description unauthorized: missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description insufficient_scope, module or forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    People_create: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreatePersonDto"];
            };
        };
        responses: {
            /** @description unauthorized: missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description insufficient_scope, module or forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    People_get: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description unauthorized: missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description insufficient_scope, module or forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    People_archive: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description unauthorized: missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description insufficient_scope, module or forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    People_update: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdatePersonDto"];
            };
        };
        responses: {
            /** @description unauthorized: missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description insufficient_scope, module or forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    Opportunities_list: {
        parameters: {
            query?: {
                limit?: number;
                /** @description next_cursor of the previous page */
                cursor?: string;
                /** @description recent: newest first (default); update: by last change, oldest first, for sync */
                sort?: "recent" | "update";
                /** @description with sort=update: only records changed at or after this timestamp, in the workspace local time like every updated_at (or with Z / an offset ±hh:mm) (e.g. `2026-03-01T08:00:00`) */
                updated_since?: string;
                stage?: string;
                owner_id?: number;
                customer_id?: number;
                status?: "open" | "closed";
                /** @description name contains */
                q?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description unauthorized: missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description insufficient_scope, module or forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    Opportunities_create: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateOpportunityDto"];
            };
        };
        responses: {
            /** @description unauthorized: missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description insufficient_scope, module or forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    Opportunities_get: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description unauthorized: missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description insufficient_scope, module or forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    Opportunities_update: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateOpportunityDto"];
            };
        };
        responses: {
            /** @description unauthorized: missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description insufficient_scope, module or forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    Opportunities_stage: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["StageMoveDto"];
            };
        };
        responses: {
            /** @description unauthorized: missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description insufficient_scope, module or forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    Opportunities_revive: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["EmptyDto"];
            };
        };
        responses: {
            /** @description unauthorized: missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description insufficient_scope, module or forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    Opportunities_note: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["NoteDto"];
            };
        };
        responses: {
            /** @description unauthorized: missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description insufficient_scope, module or forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    Opportunities_toggle: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["StepToggleDto"];
            };
        };
        responses: {
            /** @description unauthorized: missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description insufficient_scope, module or forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    Activities_list: {
        parameters: {
            query?: {
                limit?: number;
                /** @description next_cursor of the previous page */
                cursor?: string;
                /** @description recent: newest first (default); update: by last change, oldest first, for sync */
                sort?: "recent" | "update";
                /** @description with sort=update: only records changed at or after this timestamp, in the workspace local time like every updated_at (or with Z / an offset ±hh:mm) (e.g. `2026-03-01T08:00:00`) */
                updated_since?: string;
                /** @description company id */
                customer_id?: number;
                /** @description opportunity id */
                opp_id?: number;
                owner_id?: number;
                /** @description one of constants.visit_types */
                type?: string;
                /** @description visits on or after this date (YYYY-MM-DD) */
                from?: string;
                /** @description visits on or before this date (YYYY-MM-DD) */
                to?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description unauthorized: missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description insufficient_scope, module or forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    Activities_create: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateActivityDto"];
            };
        };
        responses: {
            /** @description unauthorized: missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description insufficient_scope, module or forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    Activities_get: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description unauthorized: missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description insufficient_scope, module or forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    Activities_remove: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description unauthorized: missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description insufficient_scope, module or forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    Activities_update: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateActivityDto"];
            };
        };
        responses: {
            /** @description unauthorized: missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description insufficient_scope, module or forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    Tasks_list: {
        parameters: {
            query?: {
                limit?: number;
                /** @description next_cursor of the previous page */
                cursor?: string;
                /** @description recent: newest first (default); update: by last change, oldest first, for sync */
                sort?: "recent" | "update";
                /** @description with sort=update: only records changed at or after this timestamp, in the workspace local time like every updated_at (or with Z / an offset ±hh:mm) (e.g. `2026-03-01T08:00:00`) */
                updated_since?: string;
                /** @description one of constants.task_statuses */
                status?: string;
                assignee_id?: number;
                /** @description company id */
                customer_id?: number;
                /** @description opportunity id */
                opp_id?: number;
                /** @description due on or before this date */
                due_before?: string;
                /** @description due on or after this date */
                due_after?: string;
                /** @description due before today (workspace time zone) and not Done/Cancelled */
                overdue?: "true" | "false";
                /** @description status other than Done/Cancelled */
                open?: "true" | "false";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description unauthorized: missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description insufficient_scope, module or forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    Tasks_create: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateTaskDto"];
            };
        };
        responses: {
            /** @description unauthorized: missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description insufficient_scope, module or forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    Tasks_get: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description unauthorized: missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description insufficient_scope, module or forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    Tasks_remove: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description unauthorized: missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description insufficient_scope, module or forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    Tasks_update: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateTaskDto"];
            };
        };
        responses: {
            /** @description unauthorized: missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description insufficient_scope, module or forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    Calendar_range: {
        parameters: {
            query: {
                /** @description first day (workspace local time) (e.g. `2026-03-01`) */
                from: string;
                /** @description last day, included; at most 92 days after from (e.g. `2026-03-31`) */
                to: string;
                /** @description only entries this user owns or attends */
                user_id?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description unauthorized: missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description insufficient_scope, module or forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    Calendar_create: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateCalendarEntryDto"];
            };
        };
        responses: {
            /** @description unauthorized: missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description insufficient_scope, module or forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    Calendar_get: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description unauthorized: missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description insufficient_scope, module or forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    Calendar_remove: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description unauthorized: missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description insufficient_scope, module or forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    Calendar_update: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateCalendarEntryDto"];
            };
        };
        responses: {
            /** @description unauthorized: missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description insufficient_scope, module or forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    Today_today: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TodayResponseSchema"];
                };
            };
            /** @description unauthorized: missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description insufficient_scope, module or forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    Sync_deleted: {
        parameters: {
            query?: {
                /** @description only records deleted at or after this timestamp (workspace local time unless it carries Z or an offset) (e.g. `2026-03-01T08:00:00`) */
                since?: string;
                /** @description one record type; default all types whose module the caller has */
                type?: "activity" | "task" | "calendar" | "fair";
                limit?: number;
                /** @description next_cursor of the previous page */
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DeletedResponseSchema"];
                };
            };
            /** @description unauthorized: missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description insufficient_scope, module or forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    Orders_list: {
        parameters: {
            query?: {
                limit?: number;
                /** @description next_cursor of the previous page */
                cursor?: string;
                /** @description recent: newest first (default); update: by last change, oldest first, for sync */
                sort?: "recent" | "update";
                /** @description with sort=update: only records changed at or after this timestamp, in the workspace local time like every updated_at (or with Z / an offset ±hh:mm) (e.g. `2026-03-01T08:00:00`) */
                updated_since?: string;
                /** @description company id */
                customer_id?: number;
                /** @description opportunity id */
                opp_id?: number;
                /** @description one of constants.order_statuses */
                status?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OrderListResponseSchema"];
                };
            };
            /** @description unauthorized: missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description insufficient_scope, module or forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    Orders_create: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateOrderDto"];
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OrderResponseSchema"];
                };
            };
            /** @description unauthorized: missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description insufficient_scope, module or forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    Orders_get: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OrderResponseSchema"];
                };
            };
            /** @description unauthorized: missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description insufficient_scope, module or forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    Orders_setPo: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SetPoDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OrderPoResponseSchema"];
                };
            };
            /** @description unauthorized: missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description insufficient_scope, module or forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description conflict: the order was already sent to the ERP; change the PO in the ERP */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    Orders_queue: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OrderResponseSchema"];
                };
            };
            /** @description unauthorized: missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description insufficient_scope, module or forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description conflict: the order was already sent to the ERP */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    Tickets_list: {
        parameters: {
            query?: {
                limit?: number;
                /** @description next_cursor of the previous page */
                cursor?: string;
                /** @description recent: newest first (default); update: by last change, oldest first, for sync */
                sort?: "recent" | "update";
                /** @description with sort=update: only records changed at or after this timestamp, in the workspace local time like every updated_at (or with Z / an offset ±hh:mm) (e.g. `2026-03-01T08:00:00`) */
                updated_since?: string;
                /** @description one of constants.ticket_statuses */
                status?: string;
                /** @description a key of app.ticket_sla_hours */
                priority?: string;
                /** @description company id */
                customer_id?: number;
                assignee_id?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TicketListResponseSchema"];
                };
            };
            /** @description unauthorized: missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description insufficient_scope, module or forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    Tickets_create: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateTicketDto"];
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TicketResponseSchema"];
                };
            };
            /** @description unauthorized: missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description insufficient_scope, module or forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    Tickets_get: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TicketResponseSchema"];
                };
            };
            /** @description unauthorized: missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description insufficient_scope, module or forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    Tickets_update: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateTicketDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TicketResponseSchema"];
                };
            };
            /** @description unauthorized: missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description insufficient_scope, module or forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    Fairs_list: {
        parameters: {
            query?: {
                limit?: number;
                /** @description next_cursor of the previous page */
                cursor?: string;
                /** @description recent: newest first (default); update: by last change, oldest first, for sync */
                sort?: "recent" | "update";
                /** @description with sort=update: only records changed at or after this timestamp, in the workspace local time like every updated_at (or with Z / an offset ±hh:mm) (e.g. `2026-03-01T08:00:00`) */
                updated_since?: string;
                /** @description name or city contains (case-insensitive) */
                q?: string;
                /** @description fairs ending on or after this date (YYYY-MM-DD) */
                from?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FairListResponseSchema"];
                };
            };
            /** @description unauthorized: missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description insufficient_scope, module or forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    Fairs_create: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateFairDto"];
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FairResponseSchema"];
                };
            };
            /** @description unauthorized: missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description insufficient_scope, module or forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    Fairs_get: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FairResponseSchema"];
                };
            };
            /** @description unauthorized: missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description insufficient_scope, module or forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    Fairs_remove: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OkResponseSchema"];
                };
            };
            /** @description unauthorized: missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description insufficient_scope, module or forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    Fairs_update: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateFairDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FairResponseSchema"];
                };
            };
            /** @description unauthorized: missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description insufficient_scope, module or forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    Leads_list: {
        parameters: {
            query?: {
                limit?: number;
                /** @description next_cursor of the previous page */
                cursor?: string;
                /** @description recent: newest first (default); update: by last change, oldest first, for sync */
                sort?: "recent" | "update";
                /** @description with sort=update: only records changed at or after this timestamp, in the workspace local time like every updated_at (or with Z / an offset ±hh:mm) (e.g. `2026-03-01T08:00:00`) */
                updated_since?: string;
                fair_id?: number;
                /** @description a lead status (or the won status) */
                status?: string;
                owner_id?: number;
                /** @description company, contact name or e-mail contains (case-insensitive) */
                q?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LeadListResponseSchema"];
                };
            };
            /** @description unauthorized: missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description insufficient_scope, module or forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    Leads_create: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateLeadDto"];
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LeadResponseSchema"];
                };
            };
            /** @description unauthorized: missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description insufficient_scope, module or forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    Leads_get: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LeadResponseSchema"];
                };
            };
            /** @description unauthorized: missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description insufficient_scope, module or forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    Leads_update: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateLeadDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LeadResponseSchema"];
                };
            };
            /** @description unauthorized: missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description insufficient_scope, module or forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    Leads_convert: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ConvertLeadDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConvertResponseSchema"];
                };
            };
            /** @description unauthorized: missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description insufficient_scope, module or forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    Objects_list: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ObjectTypeListResponse"];
                };
            };
            /** @description unauthorized: missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description insufficient_scope, module or forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    Objects_create: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateObjectTypeDto"];
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ObjectTypeResponse"];
                };
            };
            /** @description unauthorized: missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description insufficient_scope (always for an OAuth token: workspace administration is first-party only), module or forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    Objects_get: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                key: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ObjectTypeResponse"];
                };
            };
            /** @description unauthorized: missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description insufficient_scope, module or forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    Objects_update: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                key: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateObjectTypeDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ObjectTypeResponse"];
                };
            };
            /** @description unauthorized: missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description insufficient_scope (always for an OAuth token: workspace administration is first-party only), module or forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    Objects_listRecords: {
        parameters: {
            query?: {
                limit?: number;
                /** @description next_cursor of the previous page */
                cursor?: string;
                /** @description recent: newest first (default); update: by last change, oldest first, for sync */
                sort?: "recent" | "update";
                /** @description with sort=update: only records changed at or after this timestamp, in the workspace local time like every updated_at (or with Z / an offset ±hh:mm) (e.g. `2026-03-01T08:00:00`) */
                updated_since?: string;
                /** @description name contains (case-insensitive; 1-2 characters: starts with) */
                q?: string;
                owner_id?: number;
                active?: boolean;
            };
            header?: never;
            path: {
                key: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ObjectRecordListResponse"];
                };
            };
            /** @description unauthorized: missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description insufficient_scope, module or forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    Objects_createRecord: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                key: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateObjectRecordDto"];
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ObjectRecordResponse"];
                };
            };
            /** @description unauthorized: missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description insufficient_scope, module or forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    Objects_getRecord: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                key: string;
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ObjectRecordResponse"];
                };
            };
            /** @description unauthorized: missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description insufficient_scope, module or forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    Objects_updateRecordByPost: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                key: string;
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateObjectRecordDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ObjectRecordResponse"];
                };
            };
            /** @description unauthorized: missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description insufficient_scope, module or forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    Objects_archiveRecord: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                key: string;
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ObjectsOkResponse"];
                };
            };
            /** @description unauthorized: missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description insufficient_scope, module or forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    Objects_updateRecord: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                key: string;
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateObjectRecordDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ObjectRecordResponse"];
                };
            };
            /** @description unauthorized: missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description insufficient_scope, module or forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    Approvals_forms: {
        parameters: {
            query?: {
                /** @description admins: include inactive lists */
                all?: "true" | "false";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApprovalFormsResponseSchema"];
                };
            };
            /** @description unauthorized: missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description insufficient_scope, module or forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    Approvals_createForm: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateApprovalListDto"];
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApprovalFormResponseSchema"];
                };
            };
            /** @description unauthorized: missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description insufficient_scope (always for an OAuth token: workspace administration is first-party only), module or forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    Approvals_submit: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                list_id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SubmitApprovalDto"];
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApprovalItemResponseSchema"];
                };
            };
            /** @description unauthorized: missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description insufficient_scope, module or forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    Approvals_updateForm: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                list_id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateApprovalListDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApprovalFormResponseSchema"];
                };
            };
            /** @description unauthorized: missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description insufficient_scope (always for an OAuth token: workspace administration is first-party only), module or forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    Approvals_list: {
        parameters: {
            query?: {
                limit?: number;
                /** @description next_cursor of the previous page */
                cursor?: string;
                /** @description recent: newest first (default); update: by last change, oldest first, for sync */
                sort?: "recent" | "update";
                /** @description with sort=update: only records changed at or after this timestamp, in the workspace local time like every updated_at (or with Z / an offset ±hh:mm) (e.g. `2026-03-01T08:00:00`) */
                updated_since?: string;
                /** @description approver: assigned to me; requester: made by me; all: both (admins: every request) */
                role?: "approver" | "requester" | "all";
                status?: "pending" | "approved" | "rejected";
                /** @description approval list id */
                list_id?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApprovalListResponseSchema"];
                };
            };
            /** @description unauthorized: missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description insufficient_scope, module or forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    Approvals_get: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApprovalItemResponseSchema"];
                };
            };
            /** @description unauthorized: missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description insufficient_scope, module or forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    Approvals_approve: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["DecideApprovalDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApprovalItemResponseSchema"];
                };
            };
            /** @description unauthorized: missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description insufficient_scope, module or forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    Approvals_reject: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["DecideApprovalDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApprovalItemResponseSchema"];
                };
            };
            /** @description unauthorized: missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description insufficient_scope, module or forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    Email_options: {
        parameters: {
            query?: {
                /** @description company id (required unless opp_id is given) */
                customer_id?: number;
                /** @description the opportunity the e-mail is about; must belong to the company */
                opp_id?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ComposeResponseSchema"];
                };
            };
            /** @description unauthorized: missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description insufficient_scope, module or forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    Email_mailbox: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MailboxResponseSchema"];
                };
            };
            /** @description unauthorized: missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description insufficient_scope, module or forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    Email_setMailbox: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateMailboxDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MailboxResponseSchema"];
                };
            };
            /** @description unauthorized: missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description insufficient_scope, module or forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    Forms_list: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebFormListResponseSchema"];
                };
            };
            /** @description unauthorized: missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description insufficient_scope (always for an OAuth token: workspace administration is first-party only), module or forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    Forms_create: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateWebFormDto"];
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebFormResponseSchema"];
                };
            };
            /** @description unauthorized: missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description insufficient_scope (always for an OAuth token: workspace administration is first-party only), module or forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    Forms_get: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebFormResponseSchema"];
                };
            };
            /** @description unauthorized: missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description insufficient_scope (always for an OAuth token: workspace administration is first-party only), module or forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    Forms_update: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateWebFormDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebFormResponseSchema"];
                };
            };
            /** @description unauthorized: missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description insufficient_scope (always for an OAuth token: workspace administration is first-party only), module or forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    Forms_submit: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                public_key: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SubmitWebFormDto"];
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SubmitResponseSchema"];
                };
            };
        };
    };
    QuickEntry_config: {
        parameters: {
            query?: {
                /** @description conversation type, one of the workspace visit_types (F2F, Online, Call, Deneme by default); affects default_template */
                type?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["QeConfigResponseSchema"];
                };
            };
            /** @description unauthorized: missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description insufficient_scope, module or forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    QuickEntry_suggest: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["QeSuggestDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["QeSuggestResponseSchema"];
                };
            };
            /** @description unauthorized: missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description insufficient_scope, module or forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    ScimConnection_get: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ScimConnectionResponse"];
                };
            };
            /** @description unauthorized: missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description insufficient_scope (always for an OAuth token: workspace administration is first-party only), module or forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    ScimConnection_rotate: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description a new SCIM key (shown once); earlier SCIM keys are revoked */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ScimKeyCreatedResponse"];
                };
            };
            /** @description unauthorized: missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description insufficient_scope (always for an OAuth token: workspace administration is first-party only), module or forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    ErpConnection_get: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErpConnectionResponse"];
                };
            };
            /** @description unauthorized: missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description insufficient_scope (always for an OAuth token: workspace administration is first-party only), module or forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    ErpConnection_rotate: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description a new ERP key (shown once); earlier ERP keys are revoked */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErpKeyCreatedResponse"];
                };
            };
            /** @description unauthorized: missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description insufficient_scope (always for an OAuth token: workspace administration is first-party only), module or forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    ErpConnection_revoke: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErpKeyRevokedResponse"];
                };
            };
            /** @description unauthorized: missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description insufficient_scope (always for an OAuth token: workspace administration is first-party only), module or forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    Invitations_accept: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["AcceptInvitationDto"];
            };
        };
        responses: {
            /** @description the password is set (every session of the user ends); sign in with POST /api/v1/login. 400 invalid (field token) for an unknown, used or expired link, (field password) for a password the rules refuse */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AcceptInvitationResponse"];
                };
            };
        };
    };
    Apps_list: {
        parameters: {
            query?: {
                limit?: number;
                /** @description next_cursor of the previous page */
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AppConnectionListDto"];
                };
            };
            /** @description unauthorized: missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description insufficient_scope (always for an OAuth token: workspace administration is first-party only), module or forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    Apps_remove: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description access removed: every token of the grant is revoked */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OkDto"];
                };
            };
            /** @description unauthorized: missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description insufficient_scope (always for an OAuth token: workspace administration is first-party only), module or forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    Scim_serviceProviderConfig: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description ServiceProviderConfig: patch and filter (maxResults 200) supported; no bulk, sort, etag or password change */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": components["schemas"]["ScimDocumentDto"];
                };
            };
        };
    };
    Scim_resourceTypes: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description ListResponse of the ResourceType User (with the enterprise extension) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": components["schemas"]["ScimListResponseDto"];
                };
            };
        };
    };
    Scim_resourceType: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": components["schemas"]["ScimDocumentDto"];
                };
            };
        };
    };
    Scim_schemas: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description ListResponse of the core User and enterprise User schemas */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": components["schemas"]["ScimListResponseDto"];
                };
            };
        };
    };
    Scim_schema: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": components["schemas"]["ScimDocumentDto"];
                };
            };
        };
    };
    Scim_groups: {
        parameters: {
            query?: {
                count?: number;
                startIndex?: number;
                filter?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Always empty: groups are not synced */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": components["schemas"]["ScimListResponseDto"];
                };
            };
            /** @description unauthorized: missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description insufficient_scope, module or forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    Scim_list: {
        parameters: {
            query?: {
                excludedAttributes?: string;
                attributes?: string;
                /** @description page size, at most 200; 0 returns only totalResults */
                count?: number;
                /** @description from 1 */
                startIndex?: number;
                /** @description userName eq "…", id eq "…", externalId eq "…" or emails[type eq "work"].value eq "…" */
                filter?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": components["schemas"]["ScimListResponseDto"];
                };
            };
            /** @description unauthorized: missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description insufficient_scope, module or forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    Scim_create: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/scim+json": components["schemas"]["ScimUserBodyDto"];
                "application/json": components["schemas"]["ScimUserBodyDto"];
            };
        };
        responses: {
            /** @description The new user (role sales), with a Location header */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": components["schemas"]["ScimUserDto"];
                };
            };
            /** @description unauthorized: missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description insufficient_scope, module or forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    Scim_get: {
        parameters: {
            query?: {
                excludedAttributes?: string;
                attributes?: string;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": components["schemas"]["ScimUserDto"];
                };
            };
            /** @description unauthorized: missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description insufficient_scope, module or forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    Scim_replace: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/scim+json": components["schemas"]["ScimUserBodyDto"];
                "application/json": components["schemas"]["ScimUserBodyDto"];
            };
        };
        responses: {
            /** @description Replaces the mutable attributes (Okta updates users this way) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": components["schemas"]["ScimUserDto"];
                };
            };
            /** @description unauthorized: missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description insufficient_scope, module or forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    Scim_remove: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The user is deactivated (not deleted): spec 3.6 */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description unauthorized: missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description insufficient_scope, module or forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    Scim_patch: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/scim+json": components["schemas"]["ScimPatchBodyDto"];
                "application/json": components["schemas"]["ScimPatchBodyDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": components["schemas"]["ScimUserDto"];
                };
            };
            /** @description unauthorized: missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description insufficient_scope, module or forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    Erp_list: {
        parameters: {
            query?: {
                /** @description claim the returned orders: they are not returned again for 30 minutes */
                claim?: "1";
            };
            header?: {
                /** @description the ERP key, instead of Authorization: Bearer erp_… */
                "X-Service-Erp-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErpListResponseSchema"];
                };
            };
            /** @description unauthorized: missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description insufficient_scope, module or forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    Erp_report: {
        parameters: {
            query?: never;
            header?: {
                /** @description the ERP key, instead of Authorization: Bearer erp_… */
                "X-Service-Erp-Key"?: string;
            };
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ErpReportDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErpReportResponseSchema"];
                };
            };
            /** @description unauthorized: missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description insufficient_scope, module or forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description not_found: no such queue entry in this workspace */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description conflict: the entry was already written (with another number) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    Webhooks_list: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookListResponse"];
                };
            };
            /** @description unauthorized: missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description insufficient_scope (always for an OAuth token: workspace administration is first-party only), module or forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    Webhooks_create: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateWebhookDto"];
            };
        };
        responses: {
            /** @description the only responses, with rotate, that show signing_key */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookResponse"];
                };
            };
            /** @description unauthorized: missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description insufficient_scope (always for an OAuth token: workspace administration is first-party only), module or forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    Webhooks_get: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookResponse"];
                };
            };
            /** @description unauthorized: missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description insufficient_scope (always for an OAuth token: workspace administration is first-party only), module or forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    Webhooks_remove: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookOkResponse"];
                };
            };
            /** @description unauthorized: missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description insufficient_scope (always for an OAuth token: workspace administration is first-party only), module or forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    Webhooks_update: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateWebhookDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookResponse"];
                };
            };
            /** @description unauthorized: missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description insufficient_scope (always for an OAuth token: workspace administration is first-party only), module or forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    Webhooks_rotate: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookResponse"];
                };
            };
            /** @description unauthorized: missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description insufficient_scope (always for an OAuth token: workspace administration is first-party only), module or forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    Webhooks_test: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description the queued test delivery; its result shows in the log and as last_result */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookDeliveryResponse"];
                };
            };
            /** @description unauthorized: missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description insufficient_scope (always for an OAuth token: workspace administration is first-party only), module or forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    Webhooks_deliveries: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookDeliveryListResponse"];
                };
            };
            /** @description unauthorized: missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description insufficient_scope (always for an OAuth token: workspace administration is first-party only), module or forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    Webhooks_resend: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
                deliveryId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookDeliveryResponse"];
                };
            };
            /** @description unauthorized: missing, invalid, expired or revoked token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description insufficient_scope (always for an OAuth token: workspace administration is first-party only), module or forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
}
