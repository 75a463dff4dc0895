import type { Messages } from "@lingui/core";
export declare const messages: Messages;
