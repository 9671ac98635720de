-- The key of the review form or request that decided a premium application (decision 048): the
-- same decision sent again with the same key (a double click, a retried request) answers the first
-- one; any other decision of a decided application is 409.
ALTER TABLE `premium_applications` ADD COLUMN `decisionKey` VARCHAR(64) NULL;
