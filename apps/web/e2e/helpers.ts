import { expect, type Page } from '@playwright/test';

let counter = 0;

/** A fresh, valid registration each call (the database lives for the whole run). */
export function newAccount() {
  counter += 1;
  const id = `${Date.now().toString(36)}${counter}`;
  return {
    name: 'Robin Fielding',
    business: `Fielding Joinery ${id}`,
    email: `robin.${id}@example.com`,
    password: `oak-and-ash-${id}`,
  };
}

export async function register(page: Page, account = newAccount()) {
  await page.goto('/register');
  await page.getByLabel('Full name').fill(account.name);
  await page.getByLabel('Business Name').fill(account.business);
  await page.getByLabel('Email address').fill(account.email);
  await page.getByLabel('Phone number').fill('5551234567');
  await page.getByLabel(/^Password/).fill(account.password);
  await page.getByLabel('Confirm password').fill(account.password);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  return account;
}
